// The turn clock on a table page (docs/web.md §6): whom the table waits for
// and how long is left, counted down here from what the last view said.
import { t } from "/static/i18n.js";

let current = null; // { clock, me, names, since } of the last view
let timer = null;

function render() {
  const line = document.getElementById("turn-clock");
  if (!line) return;
  if (!current) {
    line.textContent = "";
    return;
  }
  const { clock, me, name, since, away } = current;
  if (away) {
    line.textContent = t("clock.away");
    return;
  }
  if (!clock) {
    line.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((clock.remaining_ms - (performance.now() - since)) / 1000));
  if (clock.next) line.textContent = t("clock.next", { s: left });
  else if (clock.seat === me) line.textContent = t("clock.mine", { s: left });
  else line.textContent = t("clock.other", { name, s: left });
  line.classList.toggle("urgent", left <= 5);
}

/** Show the clock of a view: `name(seat)` names the seat it waits for. */
export function showClock(view, name) {
  const me = view.me.seat;
  current = {
    clock: view.clock,
    me,
    name: view.clock && !view.clock.next ? name(view.clock.seat) : "",
    since: performance.now(),
    away: view.me.away && view.table.status === "playing" && view.seats[me] && view.seats[me].timeouts >= 2,
  };
  render();
  if (!timer) timer = setInterval(render, 250);
}

/** Redraw in the current language. */
export function renderClock() {
  render();
}
