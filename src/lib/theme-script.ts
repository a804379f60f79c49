/**
 * The theme before first paint (no flash): the shopper's stored choice ('theme', a JSON string),
 * else the system preference. Inline in every document's head, the server's and the offline
 * shell's (index.html), so it runs before the stylesheet paints; the Content-Security-Policy
 * allows it by its hash. Kept tiny, in ES5, on purpose.
 */
export const THEME_SCRIPT =
  "(function(){var t;try{t=JSON.parse(localStorage.getItem('theme'))}catch(e){}" +
  "if(t!=='light'&&t!=='dark')t=window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  'var r=document.documentElement;r.dataset.theme=t;r.style.colorScheme=t})()'
