/**
 * The lines that start the app, in place of the entry's script tag (router-manifest.ts
 * withAppAfterFirstPaint): after the next paint, the route's stylesheets (the JSON blocks there,
 * which the router puts after these lines), then, in a task of its own, the entry itself
 * (already fetched, or on its way). A tab in the background paints nothing, so there it is a task
 * later. The browser may paint before it has parsed the whole page: a block it has not read to
 * its end is left out (the bundle's loader then fetches that stylesheet if a piece asks for it).
 */
export const startAppScript = (attrs: Record<string, string>) =>
  [
    '(function(a){',
    'function add(t,p){var e=document.createElement(t);for(var k in p)e.setAttribute(k,p[k]);',
    'document.head.appendChild(e)}',
    'function later(t,p){setTimeout(function(){add(t,p)})}',
    'function go(){',
    "document.querySelectorAll('script[data-assets]').forEach(function(b){",
    'var d;try{d=JSON.parse(b.textContent)}catch(e){return}',
    "d.styles.forEach(function(h){add('link',{rel:'stylesheet',href:h,disabled:''})})});",
    "later('script',a)}",
    "if(document.visibilityState==='hidden')setTimeout(go);",
    'else requestAnimationFrame(function(){setTimeout(go)})',
    `})(${JSON.stringify(attrs).replaceAll('<', '\\u003c')})`,
  ].join('')
