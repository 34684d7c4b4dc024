// The king the hat shop and the profile draw hats on (45×45 viewBox, after Colin M.L.
// Burnett's "cburnett" chess set, GPLv2+/BSD/GFDL): KING.w and KING.b, each one <g>.
// The hats of ./hats.js are drawn over it in the same coordinate system.

const S = 'fill-rule="evenodd" stroke="#000" stroke-linecap="round" stroke-linejoin="round" stroke-width="1.5"';
const LIGHT = "#ececec";
const BODY = "M12.5 37c5.5 3.5 14.5 3.5 20 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-2.5-7.5-12-10.5-16-4-3 6 6 10.5 6 10.5v7";
const TOP = "M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5";
const BANDS = "M12.5 30c5.5-3 14.5-3 20 0m-20 3.5c5.5-3 14.5-3 20 0m-20 3.5c5.5-3 14.5-3 20 0";

export const KING = {
  w: `<g fill="none" ${S}><path stroke-linejoin="miter" d="M22.5 11.63V6M20 8h5"/>
    <path fill="#fff" stroke-linecap="butt" stroke-linejoin="miter" d="${TOP}"/>
    <path fill="#fff" d="${BODY}"/><path d="${BANDS}"/></g>`,
  b: `<g fill="none" ${S}><path stroke-linejoin="miter" d="M22.5 11.63V6"/>
    <path fill="#000" stroke-linecap="butt" stroke-linejoin="miter" d="${TOP}"/>
    <path fill="#000" d="${BODY}"/><path stroke-linejoin="miter" d="M20 8h5"/>
    <path stroke="${LIGHT}" d="M32 29.5s8.5-4 6.03-9.65C34.15 14 25 18 22.5 24.5v2.1-2.1C20 18 10.85 14 6.97 19.85 4.5 25.5 13 29.5 13 29.5"/>
    <path stroke="${LIGHT}" d="${BANDS}"/></g>`,
};
