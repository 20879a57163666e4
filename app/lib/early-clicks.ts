/**
 * Clicks before hydration (decision 080). The page's scripts load after the first paint (decision
 * 057), so for a second or more a visitor sees buttons React has not reached yet. This inline script,
 * in the head of every page before anything else runs, catches a plain left click (or Enter/Space)
 * on a button in the capture phase on window, before it can be lost:
 * - the button is marked at once, `aria-busy="true"` and `data-held`, which app.css shows as pressed
 *   with a small spinner (no script needed to draw it);
 * - the click is held (its default, such as a form's submission, prevented) and a second click on a
 *   held button is ignored, so nothing is applied twice;
 * - once the page has hydrated (`html[data-hydrated]`, set by root.tsx and the deferred parts), the
 *   marks are taken off and each held button still in the page is clicked again, now for React;
 * - if the scripts fail to load (a script's error event) or 10 s pass after a click without
 *   hydration, the holding stops and the held buttons are clicked again as they are: a form's submit
 *   button then submits the form as a plain HTML form would.
 * Links are not held: they navigate as plain links. Only the server renders this text (root.tsx):
 * it is not part of the page's JavaScript bundle.
 */
export const earlyClickScript = `(function(){var r=document.documentElement,h=[],t,o;
function held(e){if(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;var b=e.target.closest&&e.target.closest("button,input[type=submit],[role=button]");if(!b)return;
e.preventDefault();e.stopImmediatePropagation();if(b.hasAttribute("data-held"))return;b.setAttribute("data-held","");b.setAttribute("aria-busy","true");h.push(b);t=t||setTimeout(go,1e4)}
function go(){if(!o)return;o.disconnect();o=null;clearTimeout(t);removeEventListener("click",held,true);setTimeout(function(){h.forEach(function(b){b.removeAttribute("data-held");b.removeAttribute("aria-busy");if(b.isConnected)b.click()})})}
if(r.hasAttribute("data-hydrated"))return;o=new MutationObserver(function(){r.hasAttribute("data-hydrated")&&go()});o.observe(r,{attributes:true,attributeFilter:["data-hydrated"]});
addEventListener("click",held,true);addEventListener("error",function(e){e.target.tagName==="SCRIPT"&&go()},true)})();`;
