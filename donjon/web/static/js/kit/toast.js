// Toasts: a short message that goes away by itself.
//
//   import { toast, slotToast } from "/static/js/kit/toast.js";
//   toast("Saved", "ok");               // the page's stack: #toasts of base.html (nothing without it)
//   const say = slotToast(el, { cls: "cg-toast", ms: { error: 4500, info: 2600 } });
//   say("Refused: not your turn");      // a board's own slot: one message at a time in `el`
//   say.clear();                        // hide it now (and forget its timer)
//
// kind: "error" (announced at once to screen readers) | "info" | "ok".

/** Add a message to the page's stack of toasts; it fades out after `ms`. */
export function toast(message, kind = "error", ms = 4500) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = document.createElement("div");
  el.className = `toast toast-${kind}`;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  el.textContent = message;
  box.appendChild(el);
  requestAnimationFrame(() => el.classList.add("show"));
  setTimeout(() => {
    el.classList.remove("show");
    setTimeout(() => el.remove(), 300);
  }, ms);
}

/**
 * A board's toast: `el` (shown and hidden with its `hidden` attribute) shows one message at a
 * time, a new one replacing the last. cls: when given, el's class becomes "<cls> <cls>-<kind>";
 * ms: how long a message stays, one number or one per kind.
 */
export function slotToast(el, { cls = null, ms = 4500 } = {}) {
  let timer = null;
  const show = (message, kind = "error") => {
    el.textContent = message;
    if (cls) el.className = `${cls} ${cls}-${kind}`;
    el.hidden = false;
    clearTimeout(timer);
    const wait = typeof ms === "number" ? ms : ms[kind] ?? ms.error ?? 4500;
    timer = setTimeout(() => { el.hidden = true; }, wait);
  };
  show.clear = () => {
    clearTimeout(timer);
    el.hidden = true;
  };
  return show;
}
