// The lobby: nickname, vs bots, create, join by code or link, open tables.
import { initI18n, t, pick, strengthName, getLang, gameText, setGameTexts } from "/static/i18n.js";
import { api, currentSession, setNickname, parseTableCode, tableLink } from "/static/api.js";

// The games this server hosts, the first the default, each as its entry
// declares it: title, bot strengths, table sizes, options and texts in
// every language (GET /api/games, docs/web.md §7). Nothing here names a
// game: the forms are built from these. Filled by main() before the forms are.
let GAMES = {};
let DEFAULT_GAME = "";

async function loadGames() {
  const reply = await api("GET", "/api/games");
  GAMES = {};
  for (const game of reply.games) {
    const players = [];
    for (let n = game.seats[0]; n <= game.seats[1]; n++) players.push(n);
    GAMES[game.name] = { ...game, players };
  }
  DEFAULT_GAME = reply.games[0].name;
  setGameTexts(reply.games);
}

/** A game's name in the current language (its registry name for a game this server does not host). */
function gameName(name) {
  return gameText(name, "title") || name;
}

/** How an option's value reads: a choice by its label, a number as it is. */
function optionValueText(game, option, value) {
  return option.kind === "choice" ? gameText(game, `option.${option.name}.${value}`) || String(value) : String(value);
}

const CLOCKS = [0, 15, 30, 60, 120]; // seconds a turn; 0: none (the server's default is 30)
const $ = (id) => document.getElementById(id);
// The values typed or chosen in each form's option fields, kept while the
// fields are rebuilt (another game chosen, the language switched).
const chosenOptions = { vsbots: {}, create: {} };

function chosenGame(form) {
  return GAMES[$(`${form}-game`).value] || GAMES[DEFAULT_GAME];
}

/** The fields of the game's own options (LobbyOption), one row each. */
function optionRows(form, game) {
  return game.options.map((option) => {
    const id = `${form}-${option.name}`;
    const row = document.createElement("div");
    row.className = "row";
    row.dataset.option = option.name;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = gameText(game.name, `option.${option.name}`) || option.name;
    let field;
    if (option.kind === "choice") {
      field = document.createElement("select");
      fillOptions(field, option.choices, "", option.default, (value) => optionValueText(game.name, option, value));
    } else {
      field = document.createElement("input");
      Object.assign(field, { type: "number", min: String(option.low), max: String(option.high), size: 5 });
      field.value = String(option.default);
    }
    field.id = id;
    const kept = chosenOptions[form][`${game.name}.${option.name}`];
    if (kept !== undefined) field.value = kept;
    field.addEventListener("input", () => { chosenOptions[form][`${game.name}.${option.name}`] = field.value; });
    row.append(label, field);
    return row;
  });
}

/** A field of the form chosen for another game starts again from this game's default. */
function forGame(select, game) {
  if (select.dataset.game !== game.name) select.value = "";
  select.dataset.game = game.name;
}

function fillSelects() {
  for (const select of document.querySelectorAll(".game-select")) {
    fillOptions(select, Object.keys(GAMES), "", DEFAULT_GAME, gameName);
    select.closest(".row").hidden = Object.keys(GAMES).length < 2; // nothing to choose
  }
  for (const select of document.querySelectorAll(".strength-select")) {
    const game = chosenGame(select.dataset.form);
    forGame(select, game);
    fillOptions(select, game.strengths, "strength.", game.default_strength, strengthName);
  }
  const clock = $("create-clock");
  const chosen = clock.value || "30";
  clock.replaceChildren(...CLOCKS.map((s) => {
    const option = document.createElement("option");
    option.value = String(s);
    option.textContent = s ? t("clock.seconds", { s }) : t("clock.none");
    return option;
  }));
  clock.value = chosen;
  for (const form of ["vsbots", "create"]) {
    const game = chosenGame(form);
    const select = $(`${form}-players`);
    forGame(select, game);
    const sizes = game.players.map(String);
    fillOptions(select, sizes, "", String(game.default_seats), (n) => n);
    select.closest(".row").hidden = sizes.length < 2; // a game of one size: nothing to choose
    $(`${form}-options`).replaceChildren(...optionRows(form, game));
  }
  const game = chosenGame("vsbots");
  $("vsbots-about").textContent = gameText(game.name, "lobby.about", { n: $("vsbots-players").value }) || t("lobby.vsbots.about");
}

/** The body of a create request from the form ``form`` (vsbots or create). */
function tableOptions(form) {
  const game = chosenGame(form);
  const body = { game: game.name, bots: $(`${form}-strength`).value };
  if (game.players.length > 1) body.players = Number($(`${form}-players`).value);
  for (const option of game.options) {
    const value = $(`${form}-${option.name}`).value;
    body[option.name] = option.kind === "number" ? Number(value) : value;
  }
  return body;
}

function fillOptions(select, values, prefix, fallback, label = (value) => t(prefix + value)) {
  const chosen = select.value || fallback;
  select.replaceChildren(...values.map((value) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label(value);
    return option;
  }));
  select.value = values.includes(chosen) ? chosen : fallback;
}

function say(id, text, isError = false) {
  const el = $(id);
  el.textContent = text;
  el.classList.toggle("error", isError);
}

let player = null;

/** Make sure this browser has a session: the saved nickname, or ask for one. */
async function ensurePlayer(messageId) {
  if (player) return true;
  const name = $("nickname").value.trim();
  if (!name) {
    say(messageId, t("lobby.nickname.needed"), true);
    $("nickname").focus();
    return false;
  }
  try {
    player = await setNickname(name);
    return true;
  } catch (error) {
    say(messageId, pick(error.text), true);
    return false;
  }
}

async function guarded(messageId, action) {
  say(messageId, "");
  if (!(await ensurePlayer(messageId))) return;
  try {
    await action();
  } catch (error) {
    say(messageId, pick(error.text) || String(error), true);
  }
}

function openTable(code) {
  location.href = tableLink(code);
}

async function refreshOpenTables() {
  let tables = [];
  try {
    tables = (await api("GET", "/api/tables")).tables;
  } catch (error) {
    say("open-message", pick(error.text), true);
    return;
  }
  say("open-message", "");
  const body = $("open-tables").querySelector("tbody");
  body.replaceChildren(...tables.map(openTableRow));
  $("open-none").hidden = tables.length > 0;
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

/** Each cell labelled with its column's heading, for the phone's one-table-a-block layout. */
function labelCells(row, list = "open-tables") {
  const headings = [...document.querySelectorAll(`#${list} thead th`)].map((th) => th.textContent);
  [...row.children].forEach((td, i) => { if (headings[i]) td.dataset.label = headings[i]; });
  return row;
}

/** A table's own settings in words, as its game's text "lobby.settings" puts them
 * (its size as n, each option by name, a choice by its label). */
function settingsText(table) {
  const game = GAMES[table.game];
  if (!game) return "";
  const params = { n: table.seats.length };
  for (const option of game.options) params[option.name] = optionValueText(table.game, option, table.options[option.name]);
  return gameText(table.game, "lobby.settings", params) || "";
}

// The codes of the tables this player sits at or hosts: the open tables
// offer these a way back, not a request to join one's own table.
let myCodes = new Set();

/** The tables this player sits at or hosts, each with its way back (a game against bots is listed nowhere else). */
async function refreshMyTables() {
  if (!player) return;
  let tables = [];
  let history = [];
  try {
    ({ tables, history } = await api("GET", "/api/tables/mine"));
  } catch (error) {
    return; // the rest of the lobby works without this list
  }
  myCodes = new Set(tables.map((table) => table.code));
  $("mine-tables").querySelector("tbody").replaceChildren(...tables.map(myTableRow));
  $("mine-panel").hidden = tables.length === 0;
  $("history-tables").querySelector("tbody").replaceChildren(...history.map(historyRow));
  $("history-panel").hidden = history.length === 0;
}

function historyRow(match) {
  const replay = document.createElement("a");
  replay.className = "history-replay";
  replay.href = match.replay || "";
  replay.hidden = !match.replay; // a game without a replay page
  replay.textContent = t("lobby.history.replay");
  const opened = new Date(match.created * 1000).toLocaleString(getLang() === "zh" ? "zh-CN" : "en-GB");
  return tableRow(match, "history-tables", [opened, gameName(match.game), match.code, t("status." + match.status)], replay);
}

/** Both lists, one's own first (the open tables read it). */
async function refreshTables() {
  await refreshMyTables();
  await refreshOpenTables();
}

/** A listed table's row: its cells, then the one with what may be done with it. */
function tableRow(table, list, texts, control) {
  const row = document.createElement("tr");
  row.dataset.code = table.code;
  const action = document.createElement("td");
  action.append(control);
  row.append(...texts.map(cell), action);
  return labelCells(row, list);
}

function backLink(table) {
  const back = document.createElement("a");
  back.className = "button-link mine-back";
  back.href = tableLink(table.code);
  back.textContent = t("lobby.mine.back");
  return back;
}

function myTableRow(table) {
  return tableRow(table, "mine-tables", [
    table.me.host && !table.solo ? t("lobby.mine.host", { code: table.code }) : table.code,
    gameName(table.game),
    settingsText(table),
    table.solo ? t("lobby.mine.vsbots") : `${table.humans} / ${table.seats.length}`,
    t("status." + table.status),
  ], backLink(table));
}

/** What an open table offers: the way back to one's own, else a request to join, which a full table cannot take. */
function openTableControl(table) {
  if (myCodes.has(table.code)) return backLink(table);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "request-join";
  if (table.humans >= table.seats.length) {
    // every seat holds a person: the host would have none to give
    button.textContent = t("lobby.open.full");
    button.disabled = true;
    return button;
  }
  button.textContent = t("lobby.open.request");
  button.addEventListener("click", () => guarded("open-message", async () => {
    await api("POST", `/api/tables/${table.code}/request`, {});
    openTable(table.code);
  }));
  return button;
}

function openTableRow(table) {
  return tableRow(table, "open-tables", [
    table.host_name || "",
    gameName(table.game),
    settingsText(table),
    strengthName(table.bots),
    `${table.humans} / ${table.seats.length}`,
    t("status." + table.status),
  ], openTableControl(table));
}

let signedInAccount = null; // {login} once signed in; null for a guest

/** The account panel: the sign-in form for a guest, the login and Sign out once signed in. */
function showAccount(account) {
  signedInAccount = account;
  $("account-form").hidden = Boolean(account);
  $("account-signed-in").hidden = !account;
  $("account-as").textContent = account ? t("lobby.account.as", { login: account.login }) : "";
}

/** The login and password typed, or null (and a word why) when one is missing. */
function typedAccount() {
  const login = $("account-login").value.trim();
  const password = $("account-password").value;
  if (!login || !password) {
    say("account-message", t("lobby.account.needed"), true);
    return null;
  }
  return { login, password };
}

/** After signing in or up: this browser is the account's player, with its name and tables. */
function signedIn(reply, message) {
  player = reply.player;
  $("nickname").value = player.name;
  $("account-password").value = "";
  showAccount(reply.account);
  say("account-message", message);
  refreshTables();
}

function wireAccount() {
  $("account-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    say("account-message", "");
    const typed = typedAccount();
    if (!typed) return;
    try {
      signedIn(await api("POST", "/api/account/sign-in", typed), "");
    } catch (error) {
      say("account-message", pick(error.text), true);
    }
  });
  $("signup-go").addEventListener("click", async () => {
    say("account-message", "");
    const typed = typedAccount();
    // the account takes this browser's player: a guest keeps their name and tables
    if (!typed || !(await ensurePlayer("account-message"))) return;
    try {
      signedIn(await api("POST", "/api/account/sign-up", typed), t("lobby.account.created"));
    } catch (error) {
      say("account-message", pick(error.text), true);
    }
  });
  $("signout-go").addEventListener("click", async () => {
    try {
      await api("POST", "/api/account/sign-out", {});
      location.reload(); // a fresh lobby, as a first visit's
    } catch (error) {
      say("account-message", pick(error.text), true);
    }
  });
}

/**
 * Without a connection (the installed app opened offline) the lobby's forms
 * cannot be filled: say so, and fill them once the connection is back.
 * True when the games were loaded.
 */
async function loadGamesOrWait() {
  try {
    await loadGames();
    return true;
  } catch (error) {
    if (error.code !== "network") throw error;
    $("offline-note").hidden = false;
    window.addEventListener("online", () => location.reload(), { once: true });
    return false;
  }
}

async function main() {
  if (!(await loadGamesOrWait())) {
    initI18n();
    return;
  }
  window.addEventListener("offline", () => { $("offline-note").hidden = false; });
  window.addEventListener("online", () => { $("offline-note").hidden = true; });
  fillSelects();
  for (const select of document.querySelectorAll(".game-select, .players-select")) select.addEventListener("change", fillSelects);
  initI18n();
  document.addEventListener("langchange", () => {
    fillSelects();
    showAccount(signedInAccount);
    refreshTables();
  });

  // every form is wired before the first request: a form sent while the
  // session is still being read would otherwise reload the page
  $("nickname-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("nickname").value.trim();
    if (!name) return say("nickname-message", t("lobby.nickname.needed"), true);
    try {
      player = await setNickname(name);
      say("nickname-message", t("lobby.nickname.saved"));
    } catch (error) {
      say("nickname-message", pick(error.text), true);
    }
  });

  $("vsbots-go").addEventListener("click", () => guarded("vsbots-message", async () => {
    const reply = await api("POST", "/api/tables/vs-bots", tableOptions("vsbots"));
    openTable(reply.table.code);
  }));

  $("create-go").addEventListener("click", () => guarded("create-message", async () => {
    const body = { ...tableOptions("create"), public: $("create-public").checked, clock: Number($("create-clock").value) };
    let reply;
    try {
      reply = await api("POST", "/api/tables", body);
    } catch (error) {
      // one hosted table at a time: ask before the old one is ended
      if (error.code !== "already_hosting" || !window.confirm(t("lobby.replace", { code: error.table }))) throw error;
      reply = await api("POST", "/api/tables", { ...body, replace: true });
    }
    openTable(reply.table.code);
  }));

  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = parseTableCode($("join-code").value);
    if (!code) return say("join-message", t("lobby.join.bad"), true);
    guarded("join-message", async () => {
      await api("POST", `/api/tables/${code}/join`, {});
      openTable(code);
    });
  });

  $("open-refresh").addEventListener("click", refreshTables);
  wireAccount();

  const session = await currentSession().catch(() => ({ player: null, account: null }));
  player = player || session.player; // a nickname saved meanwhile stands
  showAccount(session.account);
  if (player && !$("nickname").value) $("nickname").value = player.name;
  refreshTables();
  // Every control answers from here on (tests wait for this mark).
  document.documentElement.dataset.lobby = "ready";
}

main();
