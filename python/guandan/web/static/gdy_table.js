// Gan Deng Yan's table page: one websocket to the server (the only
// authority), the latest seat view drawn on every change (docs/web.md §7),
// and the player's intents (select, play, pass, hint, next, chat) sent back.
// Every server string goes in by textContent.
import { initI18n, loadGame, t, pick, strengthName } from "/static/i18n.js";
import { currentPlayer, parseTableCode } from "/static/api.js";
import { TableSocket } from "/static/socket.js";
import { openDialog, closeDialog, dialogKey } from "/static/dialog.js";
import { botNote, el, seatName, seatNotes } from "/static/table_view.js";
import { cardFace, cardRow } from "/static/gdy_cards.js";
import { renderRoom } from "/static/room.js";
import { ChatView } from "/static/chat.js";
import { renderClock, showClock } from "/static/clock.js";
import {
  askNickname, coachLineText, connectionKey, refusalKind, refusalText, roomHandlers as makeRoomHandlers, roomSay, tableAction as postAction,
  renderTableTools, wireTableKeys, wireTableTools,
} from "/static/table_page.js";

const $ = (id) => document.getElementById(id);
const code = parseTableCode(location.pathname) || parseTableCode(new URLSearchParams(location.search).get("code") || "");

const practice = new URLSearchParams(location.search).has("practice"); // the rules page's practice game: coach mode on

const state = {
  view: null,
  socket: null,
  selected: new Set(), // indices into the hand, kept on the same cards when the hand changes
  reason: null, // the line under the hand: a server text or a function giving one
  coachLine: null, // under the hand: { hint }, { coach, deal }, { thinking } or { refusal }
  sentNext: null, // the deal number "next" was sent for
  dismissed: new Set(), // summaries closed by the player
  cursor: -1, // the card the arrow keys are on
  connection: "table.connecting",
};

const chat = new ChatView($("chat-lines"), $("chat-form"), $("chat-input"), (text) => state.socket && state.socket.send("chat", { text }));

const seated = (view) => view.me.seat !== null && view.me.seat !== undefined;

// --- cards ---------------------------------------------------------------------

function selectedCards() {
  const hand = (state.view && state.view.deal && state.view.deal.hand) || [];
  return [...state.selected].sort((a, b) => a - b).map((i) => hand[i]).filter(Boolean);
}

/** Selects `texts` in `hand` (cards of one rank are alike: each text takes
 * the first card of its rank not taken yet). A draw inserts a card into
 * the sorted hand, so a selection kept by position would slide onto a
 * neighbour: it is kept by card instead. */
function selectCards(hand, texts) {
  state.selected.clear();
  const wanted = [...texts];
  hand.forEach((card, i) => {
    const at = wanted.indexOf(card);
    if (at >= 0) {
      state.selected.add(i);
      wanted.splice(at, 1);
    }
  });
}

// --- drawing -------------------------------------------------------------------

function say(content, kind = "") {
  state.reason = { content, kind };
  renderReason();
}

function renderReason() {
  const { content, kind } = state.reason || { content: "", kind: "" };
  $("reason").textContent = typeof content === "function" ? content() : pick(content);
  $("reason").dataset.kind = kind;
}

function renderConnection() {
  $("connection").textContent = t(state.connection);
}

function playName(record) {
  return record && record.name ? pick(record.name) : "";
}

function render() {
  const view = state.view;
  if (!view) return;
  const deal = view.deal;
  const table = view.table;
  $("table-code").textContent = t("table.code", { code: table.code });
  $("table-options").textContent = `${t("gdy.options", { n: table.seats.length, target: table.options.target })} · ` +
    `${t("lobby.strength")}: ${strengthName(table.bots)}`;
  $("deal-number").textContent = deal ? t("table.deal", { n: deal.number }) : "";
  $("share-link").value = location.origin + (table.link || `/t/${code}`);
  $("share").hidden = table.status !== "waiting";

  renderRoom(view, roomHandlers);
  $("felt").hidden = !deal;
  $("me-bar").hidden = !deal || !seated(view);
  if (deal) {
    renderSeats(view);
    renderCenter(view);
    renderHand(view);
    renderActions(view);
  }
  showClock(view, (seat) => seatName(view, seat));
  renderScores(view);
  renderLog(view);
  chat.setLines(view.chat || []);
  renderTableTools(view, code, "gdy_replay.html");
  renderSummaries(view);
}

/** The other seats in turn order after mine, each with cards left, score and last action. */
function renderSeats(view) {
  const n = view.seats.length;
  const me = seated(view) ? view.me.seat : -1;
  const order = [];
  for (let k = 1; k <= n; k++) {
    const seat = (Math.max(me, 0) + k) % n;
    if (seat !== me) order.push(seat);
  }
  $("gdy-seats").replaceChildren(...order.map((seat) => seatBox(view, seat)));
  if (me >= 0) $("seat-me").replaceChildren(...seatLines(view, me));
}

function seatLines(view, seat) {
  const info = view.seats[seat];
  const deal = view.deal;
  const lines = [el("strong", "seat-name", seatName(view, seat))];
  const notes = seatNotes([botNote(info)]);
  if (notes) lines.push(el("span", "tag strength", notes));
  lines.push(el("div", "seat-cards", t("seat.cards", { n: info.cards ?? 0 })));
  lines.push(el("div", "seat-score", t("gdy.score", { n: info.score })));
  if (deal.phase === "play" && deal.played && !deal.played[seat]) lines.push(el("div", "note not-played", t("gdy.notplayed")));
  lines.push(...heldCards(deal, seat));
  if (info.last && info.last.type === "play") {
    const last = el("div", "seat-last");
    last.append(cardRow(info.last.cards), el("span", null, ` ${playName(info.last)}`));
    lines.push(last);
  } else if (info.last && info.last.type === "pass") {
    lines.push(el("div", "seat-last passed", t("seat.passed")));
  }
  return lines;
}

function seatBox(view, seat) {
  const box = el("li", "seat-box gdy-seat");
  box.dataset.seat = String(seat);
  if (view.deal.turn === seat && view.deal.phase === "play") box.classList.add("turn");
  box.append(...seatLines(view, seat));
  return box;
}

function renderCenter(view) {
  const deal = view.deal;
  const me = view.me;
  let turn;
  if (deal.phase === "over") turn = view.table.status === "over" ? t("gdy.game.over") : t("summary.deal");
  else if (deal.turn === me.seat) turn = deal.table ? t("turn.yours") : t("gdy.lead");
  else turn = t("turn.other", { name: seatName(view, deal.turn) });
  $("turn-line").textContent = turn;
  const play = $("table-play");
  play.replaceChildren();
  if (deal.table) {
    play.append(el("div", null, `${seatName(view, deal.table.seat)}: ${playName(deal.table)}`), cardRow(deal.table.cards));
    if (deal.turn === me.seat) play.append(el("div", "note", t("gdy.beat", { name: playName(deal.table) })));
  }
  if (deal.phase === "over" && view.table.status !== "over" && seated(view)) {
    const next = el("button", "primary", t("act.nextdeal"));
    next.type = "button";
    next.id = "center-next";
    next.disabled = state.sentNext === deal.number;
    next.addEventListener("click", sendNext);
    play.append(next);
  }
  const bombs = deal.bombs ? ` · ${t("gdy.bombs", { n: deal.bombs, x: deal.bomb_factor })}` : "";
  $("stock-line").textContent = t("gdy.stock", { n: deal.stock }) + bombs;
}

function renderHand(view) {
  const hand = view.deal.hand || [];
  for (const i of [...state.selected]) if (i >= hand.length) state.selected.delete(i);
  state.cursor = Math.min(state.cursor, hand.length - 1);
  const cards = hand.map((text, i) => {
    const card = cardFace(text, "card gdy-card hand-card");
    card.setAttribute("role", "button");
    card.tabIndex = 0;
    card.dataset.card = text;
    card.dataset.index = String(i);
    card.classList.toggle("selected", state.selected.has(i));
    card.classList.toggle("cursor", i === state.cursor);
    card.setAttribute("aria-pressed", String(state.selected.has(i)));
    card.addEventListener("click", () => toggle(i));
    card.addEventListener("keydown", (event) => {
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        toggle(i);
      }
    });
    return card;
  });
  $("hand").replaceChildren(...cards);
}

function renderActions(view) {
  const deal = view.deal;
  const myTurn = deal.phase === "play" && deal.turn === view.me.seat && !view.me.away;
  // Nothing reaches the table while the connection is down: the actions wait.
  const online = state.connection === "table.connected";
  $("play").disabled = !myTurn || state.selected.size === 0 || !online;
  $("pass").disabled = !myTurn || !deal.can_pass || !online;
  $("hint").disabled = !myTurn || !online;
  $("me-bar").classList.toggle("turn", myTurn);
  $("coach-toggle").checked = Boolean(view.me.coach);
}

function renderScores(view) {
  const scores = (view.match && view.match.scores) || [];
  const winners = (view.match && view.match.winners) || [];
  $("scores").replaceChildren(...scores.map((score, seat) => {
    const li = el("li", winners.includes(seat) ? "winner" : "", `${seatName(view, seat)}: ${t("gdy.score", { n: score })}`);
    li.dataset.seat = String(seat);
    return li;
  }));
}

function renderLog(view) {
  const deal = view.deal;
  const lines = [];
  for (const record of (deal && deal.log) || []) {
    if (record.type === "play") {
      const line = el("div", "log-line", t("log.plays", { name: seatName(view, record.seat), move: playName(record) }) + " ");
      line.append(cardRow(record.cards));
      lines.push(line);
    } else if (record.type === "pass") {
      lines.push(el("div", "log-line", t("log.passes", { name: seatName(view, record.seat) })));
    } else if (record.type === "draw") {
      lines.push(el("div", "log-line note", t("gdy.draw")));
    }
  }
  $("play-log").replaceChildren(...lines);
  $("play-log").scrollTop = $("play-log").scrollHeight;
}

/** The cards a seat still held when the deal ended (public then), if any. */
function heldCards(deal, seat) {
  const held = deal.phase === "over" && deal.remaining ? deal.remaining[seat] || [] : [];
  if (!held.length) return [];
  const line = el("div", "remaining");
  line.append(el("span", "remaining-label", t("seat.left")), cardRow(held, "card-row remaining-cards"));
  return [line];
}

/** How a penalty was counted, from the server's parts: "3 cards × 2 (never played) × 2 (1 bomb) = 12". */
function breakdownText(deal, seat) {
  const part = deal.scoring[seat];
  if (seat === deal.winner) return t("gdy.breakdown.out");
  const factors = [t("seat.cards", { n: part.cards })];
  if (part.unplayed > 1) factors.push(t("gdy.breakdown.unplayed", { x: part.unplayed }));
  if (part.bombs > 1) factors.push(t("gdy.breakdown.bombs", { x: part.bombs, n: deal.bombs }));
  return `${factors.join(" × ")} = ${part.penalty}`;
}

/** Who won the game: a tie for the lowest score shares the win (docs/gdy_rules.md §7). */
function gameResultText(view) {
  const winners = view.match.winners;
  const others = winners.filter((seat) => seat !== view.me.seat).map((seat) => seatName(view, seat)).join(", ");
  if (winners.includes(view.me.seat)) return others ? t("gdy.you.share", { names: others }) : t("gdy.you.win");
  const names = winners.map((seat) => seatName(view, seat)).join(", ");
  return winners.length > 1 ? t("gdy.game.shared", { names }) : t("gdy.game.winners", { names });
}

function summaryNodes(view) {
  const deal = view.deal;
  const result = view.match.results[view.match.results.length - 1];
  const nodes = [el("p", null, t("gdy.deal.winner", { name: seatName(view, deal.winner) }))];
  if (result && deal.scoring) {
    const list = el("ul", "gdy-penalties");
    for (const [seat, p] of result.penalties.entries()) {
      const line = el("li", seat === deal.winner ? "winner" : null);
      line.dataset.seat = String(seat);
      line.append(el("div", null, t("gdy.deal.penalty", { name: seatName(view, seat), p, score: result.scores_after[seat] })),
        el("div", "gdy-breakdown note", breakdownText(deal, seat)), ...heldCards(deal, seat));
      list.append(line);
    }
    nodes.push(list);
  }
  if (view.table.status === "over") nodes.push(el("p", "match-winner", gameResultText(view)));
  return nodes;
}

function renderSummaries(view) {
  const deal = view.deal;
  const open = dialogKey();
  if (!deal || deal.phase !== "over") {
    if (open && open.startsWith("summary")) closeDialog();
    return;
  }
  const over = view.table.status === "over";
  const key = over ? "summary-game" : `summary-deal-${deal.number}`;
  if (open === key) { // already open: what it waits for may have changed
    updateWaiting(view);
    return;
  }
  if (state.dismissed.has(key) || open) return;
  const buttons = [];
  // Next deal keeps the summary open, saying whom the table still waits for.
  if (!over && seated(view)) buttons.push({ id: "next-deal", label: t("act.nextdeal"), primary: true, action: () => { sendNext(); return true; } });
  if (over) {
    buttons.push({ id: "summary-log", label: t("act.log"), action: () => { location.href = `/api/tables/${code}/log`; return true; } });
    buttons.push({ id: "summary-replay", label: t("act.replay"), action: () => { location.href = `/static/gdy_replay.html?code=${code}`; return true; } });
  }
  buttons.push({ id: "summary-close", label: t("act.close"), action: () => { state.dismissed.add(key); return false; } });
  openDialog(key, over ? t("gdy.game.over") : t("summary.deal"), [...summaryNodes(view), el("p", "summary-waiting")], buttons);
  updateWaiting(view);
}

/** After this seat asked for the next deal: its button off, and the people
 * the table still waits for (seated, here, not asked yet). */
function updateWaiting(view) {
  const asked = state.sentNext === view.deal.number;
  const next = $("next-deal");
  if (next) next.disabled = asked;
  const line = document.querySelector("#dialog .summary-waiting");
  if (!line) return;
  const waited = view.seats.filter((s) => s.human && s.present && !s.away && !s.ready && s.seat !== view.me.seat);
  line.textContent = asked && waited.length ? t("summary.waiting", { names: waited.map((s) => seatName(view, s.seat)).join(", ") }) : "";
}

// --- acting ----------------------------------------------------------------------

function toggle(index) {
  state.cursor = index;
  if (state.selected.has(index)) state.selected.delete(index);
  else state.selected.add(index);
  if (state.coachLine && !state.coachLine.coach) setCoachLine(null); // a comment on the last play stays
  render();
  readSelection();
}

let selectTimer = null;

function readSelection() {
  clearTimeout(selectTimer);
  const cards = selectedCards();
  if (cards.length === 0) {
    say("");
    return;
  }
  selectTimer = setTimeout(async () => {
    const reply = await state.socket.request("select", { cards });
    if (reply.type === "error") say(() => refusalText(reply), refusalKind(reply));
    else if (reply.readings.length) say(() => reply.readings.map((r) => pick(r.name)).join(" / "), "readings");
    else say(reply.reason, "error");
  }, 120);
}

async function play() {
  const cards = selectedCards();
  if (cards.length === 0) return;
  const reply = await state.socket.request("select", { cards });
  if (reply.type === "error") {
    say(() => refusalText(reply), refusalKind(reply));
    return;
  }
  if (!reply.readings.length) {
    say(reply.reason, "error");
    return;
  }
  if (reply.readings.length === 1) {
    sendPlay(cards, reply.readings[0].index);
    return;
  }
  // the same cards read two ways (a run or pairs): the player says which
  const choices = el("div", "choices");
  for (const reading of reply.readings) {
    const button = el("button", "reading-choice");
    button.type = "button";
    button.dataset.index = String(reading.index);
    button.append(el("span", null, pick(reading.name)));
    button.addEventListener("click", () => { closeDialog(); sendPlay(cards, reading.index); });
    choices.append(button);
  }
  openDialog("pick", t("pick.title"), [el("p", null, t("pick.about")), choices], [{ label: t("act.cancel") }]);
}

function sendPlay(cards, reading) {
  state.socket.send("play", { cards, reading, id: `play-${Date.now()}` });
  state.selected.clear();
  say("");
}

function pass() {
  state.socket.send("pass", { id: `pass-${Date.now()}` });
  state.selected.clear();
  say("");
}

/** The line under the hand: a hint's reason, the coach's comment, "thinking". */
function setCoachLine(line) {
  state.coachLine = line;
  renderCoachLine();
}

function renderCoachLine() {
  $("coach-line").textContent = coachLineText(state.coachLine, pick);
}

async function hint() {
  setCoachLine({ thinking: true });
  const reply = await state.socket.request("hint");
  if (reply.type === "error") {
    setCoachLine({ refusal: reply });
    return;
  }
  setCoachLine({ hint: reply.reason });
  selectCards(state.view.deal.hand, reply.cards);
  render();
}

function sendNext() {
  const deal = state.view && state.view.deal;
  if (!deal || deal.phase !== "over") return;
  state.sentNext = deal.number;
  state.socket.send("next");
  render();
}

// --- the room and the connection -------------------------------------------------

function tableAction(action, body = {}) {
  return postAction(code, action, body);
}

const roomHandlers = makeRoomHandlers(code, { act: tableAction, restartSocket: () => restartSocket() });

function onMessage(message) {
  if (message.type === "view") {
    if (state.view && message.seq < state.view.seq) return; // a stale view
    const dealChanged = !state.view || !state.view.deal || !message.deal || state.view.deal.number !== message.deal.number;
    const kept = dealChanged ? [] : selectedCards(); // by card, before the hand changes under it
    // A new turn or a new play on the table answers the selection anew: a
    // line about the last one ("not your turn") would be stale.
    const turned = !state.view || !state.view.deal || !message.deal || state.view.deal.turn !== message.deal.turn ||
      JSON.stringify(state.view.deal.table) !== JSON.stringify(message.deal.table);
    const myTurn = message.deal && message.deal.phase === "play" && message.deal.turn === message.me.seat;
    if (!myTurn) { // a hint holds for the turn it was asked in only
      if (state.coachLine && !state.coachLine.coach) setCoachLine(null);
    }
    const line = state.coachLine;
    if (line && line.coach && (!message.deal || line.deal !== message.deal.number)) setCoachLine(null); // a comment holds for its deal
    state.view = message;
    selectCards((message.deal && message.deal.hand) || [], kept);
    document.body.dataset.seq = String(message.seq); // which view is drawn: lets a test wait for the next one
    render();
    if (turned) readSelection();
    if (practice && seated(message) && message.table.status === "playing" && !state.coachAsked) {
      state.coachAsked = true; // on the first view only: the player may turn it off again
      if (!message.me.coach) state.socket.send("coach", { on: true });
    }
  } else if (message.type === "coach") {
    setCoachLine({ coach: message.text, deal: state.view && state.view.deal ? state.view.deal.number : null });
  } else if (message.type === "chat") {
    chat.add(message.line);
  } else if (message.type === "error") {
    say(message.message || message.code, "error");
  }
}

function connect() {
  state.socket = new TableSocket(code, {
    message: onMessage,
    status: (s) => {
      state.connection = connectionKey(s);
      renderConnection();
      if (s === "connected" && state.reason && state.reason.kind === "offline") say("");
      if (state.view) render(); // the actions wait for the connection
    },
    closedForGood: (closeCode) => {
      if (closeCode === 4404) roomSay(t("table.notfound"));
      else askNickname();
    },
  });
}

function restartSocket() {
  if (state.socket) state.socket.stop();
  connect();
}

// --- keys (table_page.js: the same keys at both games' tables) ---------------------

/** The card text a rank key names: 3-9 and 2, 0 for 10, J Q K A. */
function rankOfKey(key) {
  if (/^[2-9]$/.test(key)) return key;
  if (key === "0") return "10";
  return /^[jqka]$/i.test(key) ? key.toUpperCase() : null;
}

function moveCursor(step) {
  const n = ((state.view && state.view.deal && state.view.deal.hand) || []).length;
  if (n === 0) return;
  state.cursor = state.cursor < 0 ? (step > 0 ? 0 : n - 1) : (state.cursor + step + n) % n;
}

/** Select the next card of that rank not selected yet. */
function selectRank(key) {
  const rank = rankOfKey(key);
  if (!rank) return false;
  const hand = (state.view && state.view.deal && state.view.deal.hand) || [];
  const index = hand.findIndex((card, i) => card === rank && !state.selected.has(i));
  if (index >= 0) {
    state.cursor = index;
    toggle(index);
  }
  return true;
}

function clearSelection() {
  state.selected.clear();
  say("");
}

async function main() {
  await loadGame("gdy");
  initI18n();
  document.addEventListener("langchange", () => { render(); renderClock(); renderConnection(); chat.render(); renderReason(); renderCoachLine(); });
  if (!code) {
    roomSay(t("table.notfound"));
    return;
  }
  $("play").addEventListener("click", play);
  $("pass").addEventListener("click", pass);
  $("hint").addEventListener("click", hint);
  $("coach-toggle").addEventListener("change", (event) => state.socket.send("coach", { on: event.target.checked }));
  $("clear").addEventListener("click", () => { clearSelection(); render(); });
  wireTableTools({ act: tableAction, isAway: () => Boolean(state.view && state.view.me.away), connect });
  wireTableKeys({
    move: moveCursor,
    toggleCursor: () => { if (state.cursor >= 0) toggle(state.cursor); },
    play,
    pass,
    hint,
    clear: clearSelection,
    rank: selectRank,
    after: render,
  });
  const player = await currentPlayer().catch(() => null);
  if (!player) {
    askNickname();
    return;
  }
  connect();
}

main();
