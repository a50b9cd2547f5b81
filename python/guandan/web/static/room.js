// The room of a table: who sits where, and for the host the requests to
// join (approve with a seat, or reject), removing (before and during the
// match) and allowing back, and the start of the match. Whoever is not
// seated sees how to join.
import { t } from "/static/i18n.js";
import { el, seatName, seatNotes } from "/static/table_view.js";

const $ = (id) => document.getElementById(id);

function button(label, className, onClick) {
  const b = el("button", className, label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** Seats a newcomer may take: a free seat before the start, a bot's seat after. */
function openSeats(view) {
  const started = Boolean(view.deal);
  const seats = [];
  for (let seat = 0; seat < view.table.seats.length; seat++) {
    const summary = view.table.seats[seat];
    const info = view.seats ? view.seats[seat] : null;
    const held = started ? Boolean(info && info.human) : Boolean(summary);
    if (!held) seats.push(seat);
  }
  return seats;
}

function seatLine(view, seat, handlers) {
  const me = view.me;
  const summary = view.table.seats[seat];
  const info = view.seats ? view.seats[seat] : null;
  const team = info && info.team !== undefined ? info.team : null; // a game of teams says each seat's
  const li = el("li", team === null ? "" : `team${team}`);
  li.dataset.seat = String(seat);
  li.append(el("strong", null, `${t("seat.n", { n: seat + 1 })}: `));
  if (summary) {
    li.append(el("span", "seat-name", summary.name || seatName(view, seat)));
    const host = summary.name && summary.name === view.table.host_name ? t("seat.host") : null;
    const notes = seatNotes([host, me.seat === seat ? t("seat.you") : null]);
    if (notes) li.append(el("span", "tag", notes));
    if (me.host && me.seat !== seat && summary.human) li.append(" ", button(t("room.remove"), "remove-player", () => handlers.remove(seat, summary.name || seatName(view, seat))));
  } else {
    li.append(el("span", "note", view.deal ? t("seat.bot") : t("seat.empty")));
  }
  return li;
}

function requestLine(view, request, handlers) {
  const li = el("li", "request");
  li.dataset.player = request.player;
  li.append(el("span", "seat-name", request.name), " ");
  const select = el("select", "seat-choice");
  select.setAttribute("aria-label", t("room.seatfor"));
  for (const seat of openSeats(view)) {
    const option = el("option", null, t("seat.n", { n: seat + 1 }));
    option.value = String(seat);
    select.append(option);
  }
  li.append(select, " ");
  li.append(button(t("room.approve"), "approve", () => handlers.approve(request.player, select.value === "" ? null : Number(select.value))), " ");
  li.append(button(t("room.reject"), "reject danger", () => handlers.reject(request.player)));
  return li;
}

export function renderRoom(view, handlers) {
  const me = view.me;
  const table = view.table;
  const seated = me.seat !== null && me.seat !== undefined;
  const requests = table.requests || [];
  const removed = table.removed || [];
  const waiting = table.status === "waiting";
  // the host keeps the seat list while the match runs, to remove a player
  // (when another person plays: at a game against bots there is no one to remove)
  const others = table.seats.some((summary, seat) => summary && summary.human && seat !== me.seat);
  const managing = me.host && seated && table.status === "playing" && others;
  const show = waiting || !seated || managing || (me.host && (requests.length > 0 || removed.length > 0));
  $("room").hidden = !show;
  if (!show) return;
  $("room").classList.toggle("compact", !waiting);

  $("room-seats").replaceChildren(...view.table.seats.map((_, seat) => seatLine(view, seat, handlers)));
  $("room-seats").hidden = !waiting && seated && !managing;
  $("room-title").hidden = $("room-seats").hidden;
  $("room-title").textContent = t(waiting ? "room.title" : "room.players");

  $("room-host-tools").hidden = !me.host;
  if (me.host) {
    $("room-requests").replaceChildren(...requests.map((r) => requestLine(view, r, handlers)));
    $("room-requests-none").hidden = requests.length > 0 || !waiting;
    $("room-requests-title").hidden = requests.length === 0 && !waiting;
    $("room-removed").replaceChildren(...removed.map((r) => {
      const li = el("li", "removed");
      li.dataset.player = r.player;
      li.append(el("span", "seat-name", r.name), " ", button(t("room.allow"), "allow", () => handlers.allow(r.player)));
      return li;
    }));
    $("room-removed-block").hidden = removed.length === 0;
    $("start-match").hidden = !waiting;
    $("start-match").parentElement.hidden = !waiting;
    $("room-requests").hidden = requests.length === 0;
    $("start-match").onclick = () => handlers.start();
  }

  $("room-guest").hidden = seated;
  if (!seated) {
    let text = t("room.watching");
    if (me.removed) text = t("room.removedyou");
    else if (me.requested) text = t("room.pending");
    else if (me.rejected) text = t("room.rejected");
    $("room-guest-text").textContent = text;
    const canAsk = !me.removed && !me.requested && (table.status === "waiting" || table.status === "playing");
    $("room-join").hidden = !canAsk || !waiting;
    $("room-request").hidden = !canAsk || waiting;
    $("room-join").onclick = () => handlers.join();
    $("room-request").onclick = () => handlers.request();
  }
}
