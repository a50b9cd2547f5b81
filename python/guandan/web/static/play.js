// The table page of a game that has none of its own (WebGame.page is
// play.html): the seats, the fields of the server's view of the deal, and
// the buttons the game's entry declares (WebGame.moves), each sending its
// message on the seat's turn. Every label is the game's own text (GET
// /api/games), so a game gets a working page from its entry alone.
import { initI18n, t, pick, gameText, setGameTexts } from "/static/i18n.js";
import { api, currentPlayer, parseTableCode } from "/static/api.js";
import { TableSocket } from "/static/socket.js";
import { el, seatName, seatNotes } from "/static/table_view.js";
import { renderRoom } from "/static/room.js";
import { ChatView } from "/static/chat.js";
import {
  askNickname, connectionKey, refusalText, roomHandlers as makeRoomHandlers, tableAction as postAction,
  renderTableTools, wireTableTools,
} from "/static/table_page.js";

const $ = (id) => document.getElementById(id);
const code = parseTableCode(location.pathname) || parseTableCode(new URLSearchParams(location.search).get("code") || "");
// The fields of a deal's view the page shows otherwise (the seat to act) or not at all.
const SHOWN_ELSEWHERE = new Set(["turn", "my_turn", "hand", "log"]);

const state = { view: null, socket: null, games: {}, connection: "table.connecting", message: null };
const chat = new ChatView($("chat-lines"), $("chat-form"), $("chat-input"), (text) => state.socket && state.socket.send("chat", { text }));

function game() {
  return state.view ? state.games[state.view.table.game] : null;
}

/** The game's text, or `fallback` where its catalogue has none. */
function text(key, params = {}, fallback = key) {
  return (state.view && gameText(state.view.table.game, key, params)) ?? fallback;
}

function renderSeats(view) {
  const deal = view.deal;
  $("play-seats").replaceChildren(...view.seats.map((info, seat) => {
    const li = el("li", deal && deal.turn === seat ? "turn" : "");
    li.dataset.seat = String(seat);
    const notes = seatNotes([view.me.seat === seat ? t("seat.you") : null, info.bot ? t("seat.bot") : null,
      deal && deal.turn === seat ? t("seat.turn") : null]);
    li.append(el("strong", null, `${t("seat.n", { n: seat + 1 })}: `), el("span", "seat-name", seatName(view, seat)));
    if (notes) li.append(el("span", "tag", notes));
    return li;
  }));
}

function renderDeal(view) {
  const deal = view.deal || {};
  const rows = [];
  for (const [key, value] of Object.entries(deal)) {
    if (SHOWN_ELSEWHERE.has(key) || (typeof value !== "number" && typeof value !== "string")) continue;
    const field = el("div", "deal-field");
    field.dataset.field = key;
    field.append(el("dt", null, text(`view.${key}`)), el("dd", null, String(value)));
    rows.push(field);
  }
  $("deal-fields").replaceChildren(...rows);
  const playing = view.table.status === "playing";
  const mine = playing && Boolean(deal.my_turn);
  $("turn-line").textContent = !playing ? "" : mine ? t("turn.yours") : (deal.turn != null ? t("turn.other", { name: seatName(view, deal.turn) }) : "");
  const moves = (game() && game().moves) || [];
  $("moves").replaceChildren(...moves.map((move) => {
    const button = el("button", "move", text(move.label));
    button.type = "button";
    button.dataset.type = move.message.type;
    button.disabled = !mine || state.connection !== "table.connected";
    button.addEventListener("click", () => send(move.message));
    return button;
  }));
  const results = (view.match && view.match.results) || [];
  $("results").replaceChildren(...results.map((result) => {
    const named = { ...result };
    for (const [key, value] of Object.entries(result)) {
      if (key === "winner" || key === "seat") named[key] = seatName(view, value);
    }
    return el("li", null, text("result.winner", named, t("play.over")));
  }));
}

async function send(message) {
  const { type, ...fields } = message;
  const reply = await state.socket.request(type, fields);
  if (reply && reply.type === "error") say(refusalText(reply));
}

function say(line) {
  state.message = line;
  $("play-message").textContent = line || "";
}

function render() {
  const view = state.view;
  if (!view) return;
  const name = text("title", {}, view.table.game);
  $("game-title").textContent = name;
  document.title = name;
  $("table-code").textContent = t("table.code", { code: view.table.code });
  $("share-link").value = location.origin + view.table.link;
  renderRoom(view, roomHandlers);
  $("felt").hidden = view.table.status === "waiting";
  renderSeats(view);
  renderDeal(view);
  renderTableTools(view, code, "");
  $("watch-replay").hidden = true; // a game of this page has no replay page
}

function renderConnection() {
  $("connection").textContent = t(state.connection);
}

const tableAction = (action, body = {}) => postAction(code, action, body);
const roomHandlers = makeRoomHandlers(code, { act: tableAction, restartSocket: () => restartSocket() });

function onMessage(message) {
  if (message.type === "view") {
    if (state.view && message.seq < state.view.seq) return; // a stale view
    state.view = message;
    document.body.dataset.seq = String(message.seq); // which view is drawn: lets a test wait for the next one
    say(null);
    render();
  } else if (message.type === "chat") {
    chat.add(message.line);
  } else if (message.type === "error") {
    say(pick(message.message) || message.code);
  }
}

function connect() {
  state.socket = new TableSocket(code, {
    message: onMessage,
    status: (s) => {
      state.connection = connectionKey(s);
      renderConnection();
      render();
    },
    closedForGood: (closeCode) => {
      if (closeCode === 4404) say(t("table.notfound"));
      else askNickname();
    },
  });
}

function restartSocket() {
  if (state.socket) state.socket.stop();
  connect();
}

async function main() {
  initI18n();
  document.addEventListener("langchange", () => { render(); renderConnection(); chat.render(); });
  if (!code) {
    say(t("table.notfound"));
    return;
  }
  const { games } = await api("GET", "/api/games");
  setGameTexts(games);
  state.games = Object.fromEntries(games.map((g) => [g.name, g]));
  wireTableTools({ act: tableAction, isAway: () => Boolean(state.view && state.view.me.away), connect });
  const player = await currentPlayer().catch(() => null);
  if (!player) {
    askNickname();
    return;
  }
  connect();
}

main();
