// Sending an intent: how a board hands one of its legal actions to the shell and waits for
// the server's answer. The shell's send(action) returns a promise that resolves on the ack and
// rejects with Error(reason) on a refusal (game.js; the dev harnesses stub it).
//
//   import { createSubmit } from "/static/js/kit/submit.js";
//   const submit = createSubmit({
//     send: opts.send,
//     busy: (on) => { s.pending = on; },                           // true while waiting
//     refused: (reason) => { s.picked = []; toast(t("errorPrefix") + reason); },
//     render,                                                      // after each change of busy
//   });
//   submit(action);   // → Promise<boolean>: true on the ack, false on a refusal (never rejects)
//
// The action sent is a copy: the board's legal list is never handed out to be changed.

/** The text of a refusal: the Error's message, or the value itself. */
export function reason(err) {
  return (err && err.message) || String(err);
}

export function createSubmit({ send, busy = () => {}, refused = () => {}, render = () => {} }) {
  return function submit(action) {
    busy(true);
    render();
    let p;
    try {
      p = Promise.resolve(send(structuredClone(action)));
    } catch (e) {
      p = Promise.reject(e);
    }
    return p.then(
      () => {
        busy(false);
        render();
        return true;
      },
      (err) => {
        busy(false);
        refused(reason(err));
        render();
        return false;
      },
    );
  };
}
