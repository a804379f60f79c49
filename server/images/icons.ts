/** Product colour and its darker and lighter shades, as #rrggbb. */
export interface Shades {
  a: string
  d: string
  l: string
}

/**
 * Every icon is drawn in a shared 200x200 box, horizontally centred on
 * x=100 and standing on the ground line y=184, so the scene can place,
 * scale, tilt or mirror any of them the same way.
 */
export type Icon = (c: Shades) => string

const INK = '#262a31'
const GOLD = '#d9ad55'
const GOLD_D = '#a97f30'

const phone: Icon = (c) =>
  `<rect x="58" y="14" width="84" height="170" rx="16" fill="${c.d}"/><rect x="64" y="20" width="72" height="158" rx="11" fill="${c.l}"/><path d="M64 120q36-40 72-14v61a11 11 0 0 1-11 11H75a11 11 0 0 1-11-11z" fill="${c.a}"/><circle cx="100" cy="74" r="18" fill="#fff" opacity=".6"/><rect x="86" y="26" width="28" height="8" rx="4" fill="${INK}"/><rect x="140" y="54" width="4" height="22" rx="2" fill="${c.d}"/>`

const laptop: Icon = (c) =>
  `<rect x="34" y="72" width="132" height="94" rx="8" fill="${INK}"/><rect x="41" y="79" width="118" height="80" rx="2" fill="${c.a}"/><path d="M41 140q40-38 70-12t48-18v49H41z" fill="${c.l}" opacity=".7"/><circle cx="100" cy="75.5" r="1.6" fill="#5c6470"/><path d="M8 166h184v6a10 10 0 0 1-10 10H18a10 10 0 0 1-10-10z" fill="#cdd3da"/><path d="M84 166h32v2a4 4 0 0 1-4 4H88a4 4 0 0 1-4-4z" fill="#9aa3ad"/>`

const perfume: Icon = (c) =>
  `<rect x="82" y="18" width="36" height="34" rx="5" fill="${GOLD}"/><rect x="90" y="50" width="20" height="16" fill="${GOLD_D}"/><rect x="44" y="64" width="112" height="120" rx="24" fill="${c.a}"/><rect x="54" y="98" width="92" height="76" rx="16" fill="${c.d}" opacity=".45"/><rect x="58" y="74" width="12" height="96" rx="6" fill="#fff" opacity=".4"/><rect x="76" y="116" width="48" height="28" rx="3" fill="#fff" opacity=".85"/><rect x="86" y="127" width="28" height="5" rx="2" fill="${c.d}"/>`

const jar: Icon = (c) =>
  `<rect x="118" y="40" width="44" height="144" rx="12" fill="${c.l}"/><rect x="130" y="22" width="20" height="20" rx="3" fill="${c.d}"/><rect x="126" y="14" width="32" height="9" rx="4" fill="${c.d}"/><rect x="30" y="82" width="118" height="36" rx="10" fill="${c.a}"/><rect x="36" y="116" width="106" height="68" rx="16" fill="#fbfaf8"/><rect x="36" y="136" width="106" height="26" fill="${c.l}"/><path d="M38 88h102" stroke="#fff" stroke-width="4" opacity=".4"/>`

const groceries: Icon = (c) =>
  `<path d="M50 108C50 36 150 36 150 108" fill="none" stroke="#9c6431" stroke-width="9"/><circle cx="70" cy="92" r="28" fill="#d9473b"/><path d="M70 66q4-14 16-16" stroke="#5b3a1f" stroke-width="4" fill="none"/><ellipse cx="84" cy="52" rx="10" ry="5" fill="#6aa84f" transform="rotate(-30 84 52)"/><circle cx="120" cy="86" r="30" fill="${c.a}"/><circle cx="112" cy="76" r="8" fill="#fff" opacity=".3"/><circle cx="152" cy="100" r="18" fill="#8cc152"/><path d="M22 104h156l-16 72a10 10 0 0 1-10 8H48a10 10 0 0 1-10-8z" fill="#c68b4e"/><path d="M30 132h140M35 156h130" stroke="#9c6431" stroke-width="4"/><rect x="16" y="100" width="168" height="14" rx="7" fill="#a86f37"/>`

const vase: Icon = (c) =>
  `<path d="M100 66C96 40 84 26 66 16M100 66c4-24 18-38 38-44M100 66V20" fill="none" stroke="#6b7b4a" stroke-width="3"/><g fill="#8aa05c"><ellipse cx="70" cy="22" rx="9" ry="5" transform="rotate(35 70 22)"/><ellipse cx="132" cy="26" rx="9" ry="5" transform="rotate(-30 132 26)"/><ellipse cx="100" cy="22" rx="5" ry="9"/><ellipse cx="86" cy="40" rx="8" ry="4" transform="rotate(50 86 40)"/><ellipse cx="116" cy="42" rx="8" ry="4" transform="rotate(-50 116 42)"/></g><path d="M82 62h36v12c0 10 32 26 32 62 0 28-18 48-50 48s-50-20-50-48c0-36 32-52 32-62z" fill="${c.a}"/><path d="M56 124h88v14H56z" fill="${c.d}" opacity=".6"/><path d="M62 98c4 30 0 54 14 72" stroke="#fff" stroke-width="6" fill="none" opacity=".3" stroke-linecap="round"/>`

const chair: Icon = (c) =>
  `<path d="M52 160l-8 24M148 160l8 24" stroke="#8a5a34" stroke-width="8" stroke-linecap="round"/><rect x="46" y="36" width="108" height="96" rx="24" fill="${c.a}"/><rect x="40" y="118" width="120" height="34" rx="12" fill="${c.l}"/><rect x="22" y="94" width="32" height="66" rx="15" fill="${c.d}"/><rect x="146" y="94" width="32" height="66" rx="15" fill="${c.d}"/><rect x="30" y="150" width="140" height="12" rx="5" fill="${c.d}"/><path d="M100 48v64" stroke="${c.d}" stroke-width="3" opacity=".35"/>`

const tshirt: Icon = (c) =>
  `<path d="M72 24L28 44 10 90l32 13 10-22v103h96V81l10 22 32-13-18-46-44-20c-4 14-16 22-28 22s-24-8-28-22z" fill="${c.a}"/><path d="M72 24c4 14 16 22 28 22s24-8 28-22" fill="none" stroke="${c.d}" stroke-width="6"/><path d="M14 80l30 12M186 80l-30 12" stroke="${c.d}" stroke-width="5"/><circle cx="100" cy="104" r="20" fill="${c.l}" opacity=".8"/>`

const dress: Icon = (c) =>
  `<path d="M76 16h8l8 30q8 8 16 0l8-30h8l-4 34q-4 18-2 36l42 88q-64 20-128 0l42-88q2-18-2-36z" fill="${c.a}"/><path d="M100 92l-22 84M100 92l22 84M100 92v90" stroke="${c.d}" stroke-width="3" opacity=".35"/><rect x="72" y="82" width="56" height="10" rx="3" fill="${c.d}"/>`

const heel: Icon = (c) =>
  `<path d="M40 116l22 8-6 56h-6z" fill="${c.d}"/><rect x="49" y="178" width="8" height="6" rx="1" fill="${INK}"/><path d="M40 92q5-5 10 0c14 22 40 40 72 42 30 2 56 14 68 32q6 16-10 16h-60c-28 0-46-32-60-56l-20-6c-6-10-6-20 0-28z" fill="${c.a}"/><path d="M40 92q5-5 10 0c14 22 40 40 72 42l-2 6c-34-2-60-20-78-40z" fill="${c.d}"/><path d="M60 126c14 24 32 56 60 56h58" fill="none" stroke="${INK}" stroke-width="3"/>`

const shirt: Icon = (c) =>
  `<path d="M70 24L32 40 16 150l24 6 16-74v102h88V82l16 74 24-6-16-110-38-16z" fill="${c.a}"/><path d="M70 24l30 18 30-18-4 26-26 8-26-8z" fill="${c.l}"/><path d="M100 44v140" stroke="${c.d}" stroke-width="3"/><g fill="${c.d}"><circle cx="106" cy="72" r="3"/><circle cx="106" cy="100" r="3"/><circle cx="106" cy="128" r="3"/><circle cx="106" cy="156" r="3"/></g><path d="M70 24l-14 32 44-12zM130 24l14 32-44-12z" fill="${c.l}"/><path d="M16 150l24 6" stroke="${c.d}" stroke-width="8"/><path d="M160 156l24-6" stroke="${c.d}" stroke-width="8"/><rect x="64" y="76" width="22" height="24" rx="2" fill="none" stroke="${c.d}" stroke-width="2"/>`

const sneaker: Icon = (c) =>
  `<path d="M16 150c-4-22 0-42 10-52 14 6 30 6 42-2 4-8 8-16 16-20q8-2 12 4c16 24 44 36 72 44 18 6 24 16 24 26z" fill="${c.a}"/><path d="M136 120c22 8 40 12 48 20 6 6 8 10 8 10h-64q-8-14 8-30z" fill="${c.d}" opacity=".3"/><path d="M26 98c-6 12-8 28-6 46" stroke="${c.d}" stroke-width="10"/><path d="M32 142c40 0 80-12 106-34" fill="none" stroke="${c.l}" stroke-width="9" stroke-linecap="round"/><path d="M94 84l-8 10M106 94l-8 10M118 102l-8 10M130 110l-8 9" stroke="#fff" stroke-width="4" stroke-linecap="round"/><path d="M10 148h184q4 12-6 18H18q-10-6-8-18z" fill="#fcfbf8" stroke="#d6d1c6" stroke-width="2"/><path d="M16 166h172q-2 10-12 10H28q-10 0-12-10z" fill="${c.d}"/>`

const watch = (r: number, strap: number, band: string, bezel: string, dial: string, hand: string) =>
  `<rect x="${100 - strap / 2}" y="14" width="${strap}" height="170" rx="${strap / 4}" fill="${band}"/><rect x="${100 + r + 2}" y="92" width="10" height="16" rx="3" fill="${GOLD_D}"/><circle cx="100" cy="100" r="${r + 6}" fill="${bezel}"/><circle cx="100" cy="100" r="${r}" fill="${dial}"/><path d="M100 ${106 - r}v10M100 ${r + 84}v10M${106 - r} 100h10M${r + 84} 100h10" stroke="${hand}" stroke-width="5"/><path d="M100 100V${116 - r}M100 100l${r * 0.5} ${r * 0.3}" stroke="${hand}" stroke-width="4" stroke-linecap="round"/><circle cx="100" cy="100" r="4" fill="${hand}"/>`

const mensWatch: Icon = (c) => watch(46, 52, '#5a3a26', '#c3c9d0', c.a, '#fff')
const womensWatch: Icon = (c) => watch(32, 30, c.d, GOLD, c.l, INK)

const handbag: Icon = (c) =>
  `<path d="M66 86C66 30 134 30 134 86" fill="none" stroke="${c.d}" stroke-width="10"/><path d="M34 82h132l16 92a10 10 0 0 1-10 10H28a10 10 0 0 1-10-10z" fill="${c.a}"/><path d="M34 82h132l-8 46q-58 18-116 0z" fill="${c.d}"/><rect x="90" y="118" width="20" height="18" rx="4" fill="${GOLD}"/><path d="M26 160h148" stroke="${c.l}" stroke-width="2" stroke-dasharray="5 5"/>`

const ring: Icon = (c) =>
  `<circle cx="100" cy="128" r="50" fill="none" stroke="${GOLD}" stroke-width="14"/><path d="M60 100a50 50 0 0 0 10 64" fill="none" stroke="#fff" stroke-width="4" opacity=".5"/><path d="M78 62l12-16h20l12 16-22 30z" fill="${c.a}"/><path d="M78 62h44l-22 30zM90 46l10 16 10-16" fill="${c.l}" opacity=".6"/><path d="M84 76l-4-4h40l-4 4" stroke="${GOLD_D}" stroke-width="5" fill="none"/><path d="M150 40l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#fff"/>`

const sunglasses: Icon = (c) =>
  `<path d="M6 110h86v18q0 44-38 44H44q-38 0-38-44zM108 110h86v18q0 44-38 44h-10q-38 0-38-44z" fill="${c.a}"/><path d="M15 118h68v10q0 36-30 36h-8q-30 0-30-36zM117 118h68v10q0 36-30 36h-8q-30 0-30-36z" fill="#1f2430"/><path d="M15 118h68v10q0 36-30 36h-8q-30 0-30-36zM117 118h68v10q0 36-30 36h-8q-30 0-30-36z" fill="${c.l}" opacity=".25"/><path d="M26 156l42-38h12L34 164zM128 156l42-38h12l-46 46z" fill="#fff" opacity=".28"/><path d="M88 118q12-12 24 0" stroke="${c.a}" stroke-width="9" fill="none"/><path d="M6 112h188" stroke="${c.d}" stroke-width="5" stroke-linecap="round"/>`

const car: Icon = (c) =>
  `<path d="M8 152v-20c0-14 8-22 26-24l30-4 26-26q8-8 20-8h30q14 0 22 12l16 24q18 2 18 18v28z" fill="${c.a}"/><path d="M78 104l20-20q6-6 14-6h12v26zM132 78h10q8 0 12 8l10 18h-32z" fill="#dbe6ef"/><path d="M8 150h188v6a8 8 0 0 1-8 8H16a8 8 0 0 1-8-8z" fill="${c.d}"/><path d="M128 106v44M56 120h130" stroke="${c.d}" stroke-width="2" opacity=".6"/><rect x="176" y="116" width="14" height="8" rx="3" fill="#fff6c8"/><circle cx="52" cy="158" r="22" fill="${INK}"/><circle cx="152" cy="158" r="22" fill="${INK}"/><circle cx="52" cy="158" r="10" fill="#c9ced6"/><circle cx="152" cy="158" r="10" fill="#c9ced6"/>`

const motorcycle: Icon = (c) =>
  `<circle cx="44" cy="150" r="28" fill="none" stroke="${INK}" stroke-width="11"/><circle cx="158" cy="150" r="28" fill="none" stroke="${INK}" stroke-width="11"/><circle cx="44" cy="150" r="7" fill="#9aa3ad"/><circle cx="158" cy="150" r="7" fill="#9aa3ad"/><path d="M44 150l36-40h44l34 40M142 74l16 76" stroke="#9aa3ad" stroke-width="7" fill="none" stroke-linejoin="round"/><path d="M86 146h40l8-24H78z" fill="#5c6470"/><path d="M74 98c6-18 26-24 48-20l20 10-4 18H86z" fill="${c.a}"/><path d="M30 98q20-8 44 0v10H30z" fill="${INK}"/><path d="M132 64l12 6 16-6" stroke="${INK}" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M60 132h56" stroke="#c9ced6" stroke-width="8" stroke-linecap="round"/>`

const lamp: Icon = (c) =>
  `<ellipse cx="100" cy="112" rx="66" ry="14" fill="#fff3b0" opacity=".7"/><path d="M64 26h72l26 82H38z" fill="${c.a}"/><path d="M64 26h14L60 108H38z" fill="#fff" opacity=".25"/><rect x="96" y="108" width="8" height="62" fill="${c.d}"/><rect x="62" y="168" width="76" height="16" rx="8" fill="${c.d}"/><path d="M120 108v20" stroke="${GOLD_D}" stroke-width="2"/><circle cx="120" cy="130" r="3" fill="${GOLD_D}"/>`

const parcel: Icon = (c) =>
  `<path d="M100 44l72 30-72 30-72-30z" fill="${c.l}"/><path d="M28 74l72 30v80l-72-30z" fill="${c.a}"/><path d="M172 74l-72 30v80l72-30z" fill="${c.d}"/><path d="M64 59l72 30v30l-14 6V95L50 65z" fill="#fff" opacity=".55"/>`

export const icons: Readonly<Record<string, Icon>> = {
  smartphones: phone,
  laptops: laptop,
  fragrances: perfume,
  skincare: jar,
  groceries,
  'home-decoration': vase,
  furniture: chair,
  tops: tshirt,
  'womens-dresses': dress,
  'womens-shoes': heel,
  'mens-shirts': shirt,
  'mens-shoes': sneaker,
  'mens-watches': mensWatch,
  'womens-watches': womensWatch,
  'womens-bags': handbag,
  'womens-jewellery': ring,
  sunglasses,
  automotive: car,
  motorcycle,
  lighting: lamp,
}

export const defaultIcon: Icon = parcel
