// The table page: one websocket to the server (the only authority), the
// latest seat view drawn on every change, and the player's intents (select,
// play, pass, give, hint, coach, next, chat) sent back.
import { initI18n, loadGame, t, pick } from "/static/i18n.js";
import { currentPlayer, parseTableCode } from "/static/api.js";
import { TableSocket } from "/static/socket.js";
import { HandView } from "/static/hand.js";
import { cardRow, cardName, rankLabel } from "/static/cards.js";
import { openDialog, closeDialog, dialogKey } from "/static/dialog.js";
import {
  el, position, seatName, renderStatus, renderSeat, renderLog, dealSummaryNodes, matchSummaryNodes,
} from "/static/table_view.js";
import { renderRoom } from "/static/room.js";
import { ChatView } from "/static/chat.js";
import { renderClock, showClock } from "/static/clock.js";
import {
  askNickname, coachLineText, connectionKey, refusalKind, refusalText, roomHandlers as makeRoomHandlers, roomSay, tableAction as postAction,
  renderTableTools, wireTableKeys, wireTableTools,
} from "/static/table_page.js";

const $ = (id) => document.getElementById(id);
const code = parseTableCode(location.pathname) || parseTableCode(new URLSearchParams(location.search).get("code") || "");

function loadDismissed() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(`guandan.dismissed.${code}`) || "[]"));
  } catch (_) {
    return new Set();
  }
}

function dismiss(key) {
  state.dismissed.add(key);
  try {
    sessionStorage.setItem(`guandan.dismissed.${code}`, JSON.stringify([...state.dismissed]));
  } catch (_) { /* then only for this page */ }
}

const practice = new URLSearchParams(location.search).has("practice"); // the rules page's practice deal

const state = {
  view: null,
  socket: null,
  selection: null, // { key, reply } for the cards last read by the server
  dismissed: loadDismissed(), // summaries the player closed (kept over a reload)
  sentNext: null, // the deal number "next" was sent for
  connection: "table.connecting", // the text key of the socket's state
  shownGive: null, // the tribute or return last brought on screen ("deal:kind")
};

/** The socket's state in the header, in the current language. */
function renderConnection() {
  $("connection").textContent = t(state.connection);
}

const hand = new HandView($("hand"), onSelectionChange);
const chat = new ChatView($("chat-lines"), $("chat-form"), $("chat-input"), (text) => state.socket && state.socket.send("chat", { text }));

/**
 * The line under the hand (a reading, why a selection is illegal, a tribute
 * prompt). `content` is a function giving the text in the current language,
 * a server text {"en", "zh"}, or a plain string; it is kept so that a
 * language switch redraws it.
 */
function say(content, kind = "") {
  state.reason = { content, kind };
  renderReason();
}

function renderReason() {
  const { content, kind } = state.reason || { content: "", kind: "" };
  const reason = $("reason");
  reason.textContent = typeof content === "function" ? content() : pick(content);
  reason.dataset.kind = kind;
}

// --- talking to the server -------------------------------------------------

function tableAction(action, body = {}) {
  return postAction(code, action, body, (error) => say(error.text, "error"));
}

function connect() {
  state.socket = new TableSocket(code, {
    message: onMessage,
    status: (s) => {
      state.connection = connectionKey(s);
      renderConnection();
      if (s === "connected") forgetOfflineLines();
      if (state.view) render(); // the actions wait for the connection
    },
    closedForGood: (closeCode) => {
      if (closeCode === 4404 && state.view) showEnded();
      else if (closeCode === 4404) showMissing();
      else askNickname();
    },
  });
}

function onMessage(message) {
  switch (message.type) {
    case "view":
      if (state.view && message.seq < state.view.seq) return; // a stale view
      state.view = message;
      forgetStaleCoaching(message);
      document.body.dataset.seq = String(message.seq); // which view is drawn: lets a test wait for the next one
      state.selection = null; // a reading holds only for the table it was read against
      render();
      announce(message);
      guide(message);
      if (hand.selected.size > 0) onSelectionChange(hand.selectedCards());
      break;
    case "chat":
      chat.add(message.line);
      break;
    case "coach":
      setCoachLine({ coach: message.text, deal: state.view && state.view.deal ? state.view.deal.number : null });
      break;
    case "error":
      if (message.code === "no_table" && state.view) showEnded(); // the table ended: one clear state, not an error line
      else say(message.message || message.code, "error");
      break;
    default:
      break;
  }
}

/** Which turn a view shows: a hint holds only for the turn it was asked in. */
function turnKey(view) {
  const deal = view && view.deal;
  if (!deal) return "";
  return `${deal.number}/${deal.phase}/${(deal.log || []).length}/${deal.turn}`;
}

/** A hint (and its highlight) from another turn, or a coach comment from another deal, goes. */
function forgetStaleCoaching(view) {
  const line = state.coachLine;
  if (!line) return;
  const deal = view.deal;
  const stale = line.turn !== undefined ? line.turn !== turnKey(view) : line.deal !== (deal ? deal.number : null);
  if (!stale) return;
  state.coachLine = null;
  if (state.hinted) {
    state.hinted = false;
    if (!(deal && deal.give)) hand.setHighlighted([]);
  }
  renderCoachLine();
}

// --- the live region: what a screen reader hears ------------------------------

/** What has been said already: the deal, how much of its log, whose turn. */
const heard = { deal: null, log: 0, turn: null };

function sayEntry(view, entry, level) {
  const name = seatName(view, entry.seat);
  if (entry.type === "play") return t("say.plays", { name, move: pick(entry.name) });
  if (entry.type === "pass") return t("say.passes", { name });
  const key = entry.type === "tribute" ? "say.tribute" : "say.return";
  return t(key, { from: name, to: seatName(view, entry.to), card: cardName(entry.card, level) });
}

/**
 * The changes of a new view in words, for the live region: the plays and
 * passes since the last view, a new deal, whose turn it is now. The first
 * view says only whose turn it is (the log is on the page to read).
 */
function announcements(view) {
  const deal = view.deal;
  if (!deal || view.table.status === "ended") return [];
  const lines = [];
  const log = deal.log || [];
  if (heard.deal !== deal.number) {
    if (heard.deal !== null) lines.push(t("say.deal", { n: deal.number, level: rankLabel(deal.level) }));
    heard.log = heard.deal === null ? log.length : 0;
    heard.deal = deal.number;
    heard.turn = null;
  }
  for (const entry of log.slice(heard.log)) lines.push(sayEntry(view, entry, deal.level));
  const turn = deal.phase === "over" ? "over" : `${deal.phase}/${deal.turn}`;
  if (turn !== heard.turn || log.length !== heard.log) {
    if (deal.phase === "over") {
      if (heard.turn !== "over") lines.push(t("summary.deal"));
    } else if (deal.phase === "play" && deal.turn === view.me.seat && !view.me.away) {
      lines.push(t(deal.trick ? "say.turn.mine" : "say.turn.lead"));
    } else if (deal.phase === "play" && deal.turn !== null && deal.turn !== undefined) {
      lines.push(t("say.turn.other", { name: seatName(view, deal.turn) }));
    }
  }
  heard.log = log.length;
  heard.turn = turn;
  return lines;
}

/** Add the view's changes to the live region (its last few lines kept). */
function announce(view) {
  const lines = announcements(view);
  if (!lines.length) return;
  const region = $("announce");
  region.append(el("p", null, lines.join(" ")));
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

// --- the practice deal: coach mode on, and a line on what to do now -----------------

/** The guide's advice for this view: whose turn, what kind of turn. */
function guideText(view) {
  const deal = view.deal;
  const me = view.me;
  if (!deal) return "";
  if (deal.phase === "over") return t("guide.over");
  if (deal.phase !== "play") return t("guide.tribute"); // tribute or return
  if (deal.turn !== me.seat) return t("guide.wait", { name: seatName(view, deal.turn) });
  if (!deal.trick) return t("guide.lead");
  if (deal.trick.seat === (me.seat ^ 2)) return t("guide.partner", { name: seatName(view, deal.trick.seat) });
  return t("guide.follow", { name: seatName(view, deal.trick.seat) });
}

function guide(view) {
  const seated = view.me.seat !== null && view.me.seat !== undefined;
  const on = practice && seated && view.table.status === "playing";
  $("practice-guide").hidden = !on;
  if (!on) return;
  if (!view.me.coach && !state.coachAsked) {
    state.coachAsked = true; // once: the player may turn it off again
    state.socket.send("coach", { on: true });
  }
  $("guide-text").textContent = guideText(view);
}

// --- drawing ----------------------------------------------------------------

function render() {
  const view = state.view;
  if (!view) return;
  const me = view.me;
  const deal = view.deal;
  const started = Boolean(deal);
  const seated = me.seat !== null && me.seat !== undefined;
  const ended = view.table.status === "ended";
  document.body.dataset.status = view.table.status;
  renderStatus(view);
  $("share-link").value = location.origin + (view.table.link || `/t/${code}`);
  $("share").hidden = view.table.status !== "waiting" && !(me.host && view.table.requests && view.table.requests.length);

  renderRoom(view, roomHandlers);
  $("felt").hidden = !started;
  $("me-bar").hidden = !started || !seated;
  $("seat-bottom").hidden = !started || seated; // whoever watches sees the fourth seat on the felt

  if (started) {
    const mySeat = me.seat ?? 0;
    // an ended table has no turn: nobody is waited for
    const drawn = ended ? { ...view, deal: { ...deal, turn: null } } : view;
    for (const seat of [0, 1, 2, 3]) {
      const where = position(seat, mySeat);
      if (where === "bottom") renderSeat(seated ? $("seat-me") : $("seat-bottom"), drawn, seat);
      else renderSeat($(`seat-${where}`), drawn, seat);
    }
    $("me-bar").className = `me-bar team${mySeat % 2}` + (!ended && deal.turn === me.seat && deal.phase !== "over" ? " turn" : "");
    renderCenter(view);
    hand.setHand(deal.hand || [], deal.level);
    renderActions(view);
  }
  showClock(ended ? { ...view, clock: null } : view, (seat) => seatName(view, seat));
  renderLog($("play-log"), view);
  chat.setLines(view.chat || []);
  renderTableTools(view, code, "replay.html");
  renderSummaries(view);
}

function renderCenter(view) {
  const deal = view.deal;
  const me = view.me;
  if (view.table.status === "ended") {
    // one clear state: the table is over for everyone, nobody is waited for
    $("turn-line").textContent = t("table.ended");
    const back = el("a", "back-to-lobby", t("table.back"));
    back.href = "/";
    $("trick-name").replaceChildren(back);
    $("tribute-line").replaceChildren();
    return;
  }
  let turn = "";
  if (deal.phase === "over") turn = view.match.winner !== null && view.match.winner !== undefined ? t("summary.match") : t("summary.deal");
  else if (deal.phase === "tribute" || deal.phase === "return") turn = t("tribute.wait", { name: seatName(view, deal.turn) });
  else if (deal.turn === me.seat) turn = deal.trick ? t("turn.yours") : t("turn.yours.lead");
  else turn = t("turn.other", { name: seatName(view, deal.turn) });
  $("turn-line").textContent = turn;

  const trick = $("trick-name");
  trick.replaceChildren();
  const matchOver = view.match.winner !== null && view.match.winner !== undefined;
  if (deal.phase === "over" && !matchOver && me.seat !== null && me.seat !== undefined) {
    // the summary may have been closed: the next deal can still be asked for here
    const next = el("button", "primary", t("act.nextdeal"));
    next.type = "button";
    next.id = "center-next";
    next.disabled = state.sentNext === deal.number;
    next.addEventListener("click", () => { sendNext(); next.disabled = true; });
    trick.append(next);
  }
  if (deal.trick && deal.phase === "play") trick.textContent = `${seatName(view, deal.trick.seat)}: ${pick(deal.trick.name)}`;

  const tribute = $("tribute-line");
  tribute.replaceChildren();
  if (deal.tribute && deal.tribute.cancelled) tribute.append(el("div", null, t("tribute.cancelled")));
  if (deal.tribute && (deal.phase === "tribute" || deal.phase === "return" || (deal.log || []).every((e) => e.type !== "play"))) {
    for (const [kind, list] of [["tribute.gave", deal.tribute.paid || []], ["tribute.gaveback", deal.tribute.returned || []]]) {
      for (const gift of list) {
        const line = el("div", "tribute-gift", t(kind, { from: seatName(view, gift.seat), to: seatName(view, gift.to) }));
        line.append(cardRow([gift.card], deal.level));
        tribute.append(line);
      }
    }
  }
}

function renderActions(view) {
  const deal = view.deal;
  const me = view.me;
  const ended = view.table.status === "ended";
  const give = ended ? null : deal.give;
  const myTurn = !ended && deal.phase === "play" && deal.turn === me.seat && !me.away;
  $("play").hidden = Boolean(give);
  $("pass").hidden = Boolean(give);
  $("give").hidden = !give;
  // Nothing reaches the table while the connection is down: the actions wait.
  const online = state.connection === "table.connected";
  $("play").disabled = !myTurn || !online;
  $("pass").disabled = !myTurn || !deal.can_pass || !online;
  $("hint").disabled = !myTurn || !online;
  $("clear").disabled = ended;
  $("sort").disabled = ended;
  $("sort").textContent = hand.sortMode === "suit" ? t("act.sort.suit") : t("act.sort.level");
  $("coach-toggle").checked = Boolean(me.coach);
  $("coach-toggle").disabled = ended;
  if (give) {
    hand.setHighlighted(give.options, true);
    const chosen = hand.selectedCards();
    if (give.kind === "tribute" && !(chosen.length === 1 && give.options.includes(chosen[0]))) hand.selectCards([give.options[0]], false);
    const key = give.kind === "tribute" ? "tribute.pay" : "tribute.return";
    say(() => t(key, { name: seatName(state.view, give.to) }), "prompt");
    showGive(`${deal.number}:${give.kind}`);
  } else {
    // nothing owed (any more): the tribute prompt and its error go with it
    if (hand.highlighted.size && !state.hinted) hand.setHighlighted([]);
    if (["prompt", "give-error"].includes($("reason").dataset.kind) || ended) say("");
  }
}

/** Whether the element lies wholly on screen, above the buttons a phone pins
 * to the bottom. */
function onScreen(element) {
  const bar = $("actions-main");
  const floor = getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : innerHeight;
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= floor;
}

/**
 * Bring the tribute prompt and its highlighted cards on screen once when a
 * tribute or return is first owed: on a phone the 28 cards take four rows
 * and lie below the fold, under the host's list of players even more so.
 * Later draws leave the scroll to the player.
 */
function showGive(key) {
  if (state.shownGive === key) return;
  state.shownGive = key;
  if ([$("reason"), ...$("hand").querySelectorAll(".card.legal")].every(onScreen)) return;
  $("me-bar").scrollIntoView({ block: "start" });
}

function renderSummaries(view) {
  const deal = view.deal;
  const open = dialogKey();
  const matchOver = Boolean(deal) && view.match.winner !== null && view.match.winner !== undefined;
  if (!deal || deal.phase !== "over" || (view.table.status === "ended" && !matchOver)) {
    // no summary to show: a deal goes on, or the table ended (no next deal to ask for)
    if (open && open.startsWith("summary")) closeDialog();
    return;
  }
  const key = matchOver ? "summary-match" : `summary-deal-${deal.number}`;
  if (state.dismissed.has(key) || (open && open !== key)) return;
  let nodes = dealSummaryNodes(view);
  if (matchOver) {
    const [banner, ...match] = matchSummaryNodes(view); // the match's result leads, then the last deal's
    nodes = [banner, ...nodes, el("hr"), ...match];
  }
  const buttons = [];
  if (!matchOver && view.me.seat !== null && view.me.seat !== undefined) {
    const waiting = state.sentNext === deal.number;
    buttons.push({
      id: "next-deal", label: t("act.nextdeal"), primary: !waiting,
      action: () => { sendNext(); return true; },
    });
  }
  if (matchOver) {
    buttons.push({ id: "summary-log", label: t("act.log"), action: () => { location.href = `/api/tables/${code}/log`; return true; } });
  }
  buttons.push({ id: "summary-close", label: t("act.close"), action: () => { dismiss(key); return false; } });
  openDialog(key, matchOver ? t("summary.match") : t("summary.deal"), nodes, buttons);
  const next = $("next-deal");
  if (next && state.sentNext === deal.number) next.disabled = true;
}

function sendNext() {
  const deal = state.view && state.view.deal;
  if (!deal || deal.phase !== "over") return;
  state.sentNext = deal.number;
  state.socket.send("next");
  const next = $("next-deal");
  if (next) next.disabled = true;
}

// --- selecting and playing --------------------------------------------------

function selectionKey(cards) {
  return [...cards].sort().join(" ");
}

let selectTimer = null;

function onSelectionChange(cards) {
  state.hinted = false;
  const view = state.view;
  if (!view || !view.deal) return;
  if (view.deal.give) return; // choosing a tribute or return card: no reading needed
  clearTimeout(selectTimer);
  if (cards.length === 0) {
    if ($("reason").dataset.kind !== "error") say("");
    return;
  }
  selectTimer = setTimeout(() => readSelection(cards), 120);
}

async function readSelection(cards) {
  const key = selectionKey(cards);
  if (state.selection && state.selection.key === key) return state.selection.reply;
  const reply = await state.socket.request("select", { cards });
  if (reply.type === "error") {
    say(() => refusalText(reply), refusalKind(reply));
    return null;
  }
  state.selection = { key, reply };
  if (selectionKey(hand.selectedCards()) === key) showSelection(reply);
  return reply;
}

function showSelection(reply) {
  if (reply.readings && reply.readings.length) say(() => reply.readings.map((r) => pick(r.name)).join(" / "), "readings");
  else say(reply.reason, "error");
}

async function play() {
  const view = state.view;
  if (!view || !view.deal || view.deal.give) return;
  const cards = hand.selectedCards();
  if (cards.length === 0) return;
  clearTimeout(selectTimer);
  const reply = await readSelection(cards);
  if (!reply) return;
  showSelection(reply);
  const readings = reply.readings || [];
  if (readings.length === 0) return;
  if (readings.length === 1) {
    sendPlay(cards, readings[0].index);
    return;
  }
  state.picking = { cards, readings };
  showPicker();
}

/** The readings of one selection to choose from (wild hearts shown as what they stand for). */
function showPicker() {
  const { cards, readings } = state.picking;
  const choices = el("div", "choices");
  for (const reading of readings) {
    const button = el("button", "reading-choice");
    button.type = "button";
    button.dataset.index = String(reading.index);
    button.append(el("span", null, pick(reading.name)), cardRow(reading.declared, state.view.deal.level));
    button.addEventListener("click", () => { closeDialog(); sendPlay(cards, reading.index); });
    choices.append(button);
  }
  openDialog("pick", t("pick.title"), [el("p", null, t("pick.about")), choices], [{ label: t("act.cancel") }]);
}

function sendPlay(cards, reading) {
  state.socket.send("play", { cards, reading, id: `play-${Date.now()}` });
  state.selection = null;
  hand.selectCards([], false);
  say("");
}

function pass() {
  const deal = state.view && state.view.deal;
  if (!deal || deal.phase !== "play") return;
  state.socket.send("pass", { id: `pass-${Date.now()}` });
  hand.selectCards([], false);
  say("");
}

function give() {
  const deal = state.view && state.view.deal;
  if (!deal || !deal.give) return;
  const chosen = hand.selectedCards();
  if (state.gaveAt === state.view.seq) return; // sent for this view already (a double click, Enter on the button)
  if (chosen.length !== 1 || !deal.give.options.includes(chosen[0])) {
    say(() => t("tribute.pick"), "give-error");
    return;
  }
  state.gaveAt = state.view.seq;
  state.socket.send("give", { card: chosen[0], id: `give-${Date.now()}` });
  hand.selectCards([], false);
  hand.setHighlighted([]);
  say("");
}

/** Lines that said the connection was down go once it is back. */
function forgetOfflineLines() {
  if (state.coachLine && state.coachLine.refusal && refusalKind(state.coachLine.refusal) === "offline") setCoachLine(null);
  if (state.reason && state.reason.kind === "offline") say("");
}

/** The line under the hand: a hint, a coach comment, or "thinking". */
function setCoachLine(line) {
  state.coachLine = line;
  renderCoachLine();
}

function renderCoachLine() {
  $("coach-line").textContent = coachLineText(state.coachLine, (reply) => {
    const head = reply.cards.length ? t("hint.play", { move: reply.reading ? pick(reply.reading.name) : "" }) : t("hint.pass");
    return `${head} — ${pick(reply.reason)}`;
  });
}

async function hint() {
  const deal = state.view && state.view.deal;
  if (!deal || deal.phase !== "play") return;
  const turn = turnKey(state.view);
  setCoachLine({ thinking: true, turn });
  const reply = await state.socket.request("hint");
  if (turnKey(state.view) !== turn) return; // the turn has passed: this hint is for a table no longer there
  if (reply.type === "error") {
    setCoachLine({ refusal: reply, turn });
    return;
  }
  setCoachLine({ hint: reply, turn });
  hand.selectCards(reply.cards);
  state.hinted = true;
  hand.setHighlighted(reply.cards);
}

// --- the room: joining, approving, starting ----------------------------------

const roomHandlers = makeRoomHandlers(code, { act: tableAction, restartSocket: () => restartSocket() });

function restartSocket() {
  // the seat is given on connect: a new connection sees the new seat at once
  if (state.socket) state.socket.stop();
  connect();
}

function showMissing() {
  $("room").hidden = false;
  $("room-host-tools").hidden = true;
  $("room-guest").hidden = true;
  roomSay(t("table.notfound"));
  const back = el("a", null, t("table.back"));
  back.href = "/";
  $("room-message").append(" ", back);
}

/** The table we were at is gone: it was ended (perhaps while we were away). */
function showEnded() {
  state.view.table.status = "ended";
  state.view.clock = null;
  say("");
  setCoachLine(null);
  render();
  state.connection = "table.ended";
  renderConnection();
}

/** Redraw everything in the new language, the texts the server sent included. */
function onLanguageChange() {
  hand.render(); // the cards' names are in the new language
  render();
  if (state.view) guide(state.view);
  renderClock();
  renderConnection();
  chat.render();
  renderCoachLine();
  renderReason();
  if (dialogKey() === "pick" && state.picking) showPicker();
}

// --- start --------------------------------------------------------------------

async function main() {
  await loadGame("guandan");
  initI18n();
  document.addEventListener("langchange", onLanguageChange);
  if (!code) {
    showMissing();
    return;
  }
  $("play").addEventListener("click", play);
  $("pass").addEventListener("click", pass);
  $("give").addEventListener("click", give);
  $("hint").addEventListener("click", hint);
  $("clear").addEventListener("click", () => hand.clear());
  $("sort").addEventListener("click", () => { hand.setSort(hand.sortMode === "suit" ? "level" : "suit"); render(); });
  $("coach-toggle").addEventListener("change", (event) => state.socket.send("coach", { on: event.target.checked }));
  wireTableTools({ act: tableAction, isAway: () => Boolean(state.view && state.view.me.away), connect });
  wireTableKeys({
    move: (step) => hand.moveCursor(step),
    toggleCursor: () => hand.toggleCursor(),
    play: () => (state.view && state.view.deal && state.view.deal.give ? give() : play()),
    pass,
    hint,
    clear: () => hand.clear(),
    own: { s: () => hand.setSort(hand.sortMode === "suit" ? "level" : "suit") },
    ownHelp: ["keys.sort"],
    rank: (key) => /^[2-9]$|^[0tjqkaTJQKA]$/.test(key) && (hand.selectRank(key), true),
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
