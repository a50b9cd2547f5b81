// Every interface string the pages of all games share, in English and Chinese;
// a game's own strings are in its catalogue (python/guandan/web/texts/GAME/),
// which its pages load with loadGame(). Texts that come from the server are
// already {"en": ..., "zh": ...} and go through pick().
// The chosen language is remembered in localStorage and can change at any
// time: pages listen for the "langchange" event and redraw.

const STRINGS = {
  // header and navigation
  "app.title": { en: "Guandan", zh: "掼蛋" },
  "nav.lobby": { en: "Lobby", zh: "大厅" },
  "nav.rules": { en: "Rules", zh: "规则" },
  "nav.replay": { en: "Replay", zh: "回放" },
  "lang.switch": { en: "中文", zh: "English" },
  "lang.switch.title": { en: "Switch to Chinese", zh: "切换到英文" },

  // lobby
  "lobby.nickname": { en: "Your nickname", zh: "你的昵称" },
  "lobby.offline": { en: "You are offline. Playing needs a connection to the server: this page fills in by itself when you are back online. The rules open without one.", zh: "你现在离线。打牌需要连接服务器：恢复联网后本页会自动加载。规则页离线也能打开。" },
  "lobby.nickname.placeholder": { en: "e.g. Mei", zh: "例如 小梅" },
  "lobby.nickname.save": { en: "Save", zh: "保存" },
  "lobby.nickname.saved": { en: "Saved.", zh: "已保存。" },
  "lobby.nickname.needed": { en: "Choose a nickname first.", zh: "请先填写昵称。" },
  "lobby.vsbots": { en: "Vs bots", zh: "人机对战" },
  "lobby.vsbots.about": { en: "You against bots, at once.", zh: "和机器人对战，立即开始。" },
  "lobby.vsbots.play": { en: "Play vs bots", zh: "开始人机对战" },
  "lobby.create": { en: "Create table", zh: "创建牌桌" },
  "lobby.create.about": { en: "Get a six-character code and a link to share with friends.", zh: "获得六位桌号和分享链接，邀请朋友加入。" },
  "lobby.create.public": { en: "List publicly (anyone may ask to join)", zh: "公开列出（任何人都可申请加入）" },
  "lobby.create.go": { en: "Create table", zh: "创建牌桌" },
  "lobby.join": { en: "Join table", zh: "加入牌桌" },
  "lobby.join.code": { en: "Table code or link", zh: "桌号或链接" },
  "lobby.join.go": { en: "Join", zh: "加入" },
  "lobby.join.bad": { en: "A table code is six letters or digits.", zh: "桌号是六位字母或数字。" },
  "lobby.open": { en: "Open tables", zh: "公开牌桌" },
  "lobby.open.none": { en: "No open tables right now.", zh: "目前没有公开牌桌。" },
  "lobby.open.refresh": { en: "Refresh", zh: "刷新" },
  "lobby.open.request": { en: "Request to join", zh: "申请加入" },
  "lobby.open.full": { en: "Full: no seat free", zh: "已满：没有空位" },
  "lobby.open.host": { en: "Host", zh: "房主" },
  "lobby.open.players": { en: "Players", zh: "玩家" },
  "lobby.open.status": { en: "Status", zh: "状态" },
  "lobby.mine": { en: "Your tables", zh: "我的牌桌" },
  "lobby.mine.code": { en: "Table", zh: "桌号" },
  "lobby.mine.back": { en: "Back to the table", zh: "回到牌桌" },
  "lobby.mine.host": { en: "{code} (you host)", zh: "{code}（你是房主）" },
  "lobby.mine.vsbots": { en: "you and bots", zh: "你和机器人" },
  "lobby.account": { en: "Account", zh: "账号" },
  "lobby.account.about": { en: "Optional: sign in to keep your name, tables and match history on every device. Guests play as before.", zh: "可选：登录后，你的昵称、牌桌和对局记录在每台设备上都在。游客照常游戏。" },
  "lobby.account.login": { en: "Name or email", zh: "用户名或邮箱" },
  "lobby.account.password": { en: "Password", zh: "密码" },
  "lobby.account.signin": { en: "Sign in", zh: "登录" },
  "lobby.account.signup": { en: "Sign up", zh: "注册" },
  "lobby.account.signout": { en: "Sign out", zh: "退出登录" },
  "lobby.account.as": { en: "Signed in as {login}.", zh: "已登录：{login}。" },
  "lobby.account.needed": { en: "Type a name or email and a password.", zh: "请填写用户名或邮箱和密码。" },
  "lobby.account.created": { en: "Account created: your tables now follow you to every device.", zh: "账号已创建：你的牌桌会跟随你到每台设备。" },
  "lobby.history": { en: "Match history", zh: "对局记录" },
  "lobby.history.opened": { en: "Opened", zh: "开桌时间" },
  "lobby.history.replay": { en: "Replay", zh: "回放" },
  "lobby.strength": { en: "Bot strength", zh: "机器人强度" },
  "lobby.ruleset": { en: "Ruleset", zh: "规则" },
  "lobby.settings": { en: "Settings", zh: "设置" },
  "play.over": { en: "Game over", zh: "游戏结束" },
  "play.moves": { en: "Your move", zh: "你的操作" },
  "strength.simple": { en: "simple", zh: "简单" },
  "strength.rule": { en: "rule", zh: "规则型" },
  "strength.search": { en: "search", zh: "搜索型" },
  "strength.random": { en: "random", zh: "随机" },

  // the games (a game's own strings are in its catalogue: loadGame)
  "lobby.game": { en: "Game", zh: "游戏" },
  "lobby.players": { en: "Players", zh: "人数" },

  // the turn clock
  "lobby.clock": { en: "Turn clock", zh: "出牌限时" },
  "clock.none": { en: "none", zh: "不限时" },
  "clock.seconds": { en: "{s} s a turn", zh: "每手 {s} 秒" },
  "clock.mine": { en: "Your turn: {s} s left", zh: "轮到你：还剩 {s} 秒" },
  "clock.other": { en: "{name}: {s} s left", zh: "{name}：还剩 {s} 秒" },
  "clock.next": { en: "Next deal in {s} s", zh: "{s} 秒后开始下一局" },
  "clock.away": { en: "Your time ran out twice: a bot plays your seat. Press “I'm back” to play again.", zh: "你两次超时：机器人正在代打。点击“我回来了”继续出牌。" },
  "lobby.replace": { en: "You already host table {code}. End it and open this one?", zh: "你已经是牌桌 {code} 的房主。关闭它并开这一桌吗？" },
  "status.waiting": { en: "waiting", zh: "等待中" },
  "status.playing": { en: "playing", zh: "进行中" },
  "status.over": { en: "over", zh: "已结束" },
  "status.ended": { en: "ended", zh: "已关闭" },

  // table: header
  "table.code": { en: "Table {code}", zh: "牌桌 {code}" },
  "table.share": { en: "Share this link:", zh: "分享此链接：" },
  "table.copy": { en: "Copy", zh: "复制" },
  "table.copied": { en: "Copied.", zh: "已复制。" },
  "table.deal": { en: "Deal {n}", zh: "第 {n} 局" },
  "table.team.us": { en: "Us", zh: "我方" },
  "table.team.them": { en: "Them", zh: "对方" },
  "table.team.n": { en: "Team {n}", zh: "{n} 队" },
  "team.pair": { en: "{a} and {b}", zh: "{a}和{b}" },
  "table.declarers": { en: "declaring", zh: "坐庄" },
  "table.connecting": { en: "Connecting…", zh: "连接中…" },
  "table.reconnecting": { en: "Connection lost, reconnecting…", zh: "连接断开，正在重连…" },
  "table.connected": { en: "Connected", zh: "已连接" },
  "table.ended": { en: "This table has ended.", zh: "这张牌桌已关闭。" },
  "table.notfound": { en: "No such table.", zh: "没有这张牌桌。" },
  "table.back": { en: "Back to the lobby", zh: "返回大厅" },

  // table: seats and the room before the match
  "seat.you": { en: "You", zh: "你" },
  "seat.partner": { en: "Partner", zh: "搭档" },
  "seat.bot": { en: "Bot", zh: "机器人" },
  "seat.empty": { en: "Empty (a bot will play)", zh: "空位（由机器人代打）" },
  "seat.away": { en: "away", zh: "暂离" },
  "seat.away.bot": { en: "away: a {strength} bot plays", zh: "暂离，{strength}机器人代打" },
  "seat.notes": { en: " ({notes})", zh: "（{notes}）" },
  "seat.notes.sep": { en: ", ", zh: "，" },
  "seat.host": { en: "host", zh: "房主" },
  "seat.n": { en: "Seat {n}", zh: "{n} 号位" },
  "seat.cards": { en: "{n} cards", zh: "{n} 张" },
  "seat.cards.one": { en: "{n} card", zh: "{n} 张" },
  "seat.turn": { en: "to play", zh: "出牌中" },
  "seat.passed": { en: "Pass", zh: "不要" },
  "seat.left": { en: "Left with:", zh: "剩下：" },
  "badge.first": { en: "First out", zh: "头游" },
  "badge.second": { en: "Second out", zh: "二游" },
  "badge.third": { en: "Third out", zh: "三游" },
  "badge.last": { en: "Last out", zh: "末游" },
  "room.title": { en: "Waiting for players", zh: "等待玩家" },
  "room.players": { en: "Players at this table", zh: "本桌玩家" },
  "room.requests": { en: "Requests to join", zh: "加入申请" },
  "room.requests.none": { en: "No requests.", zh: "没有申请。" },
  "room.approve": { en: "Approve", zh: "同意" },
  "room.reject": { en: "Reject", zh: "拒绝" },
  "room.seatfor": { en: "Seat", zh: "座位" },
  "room.remove": { en: "Remove", zh: "移出" },
  "room.remove.confirm": { en: "Remove {name} from this table? They can come back only if you allow it.", zh: "把 {name} 移出这张牌桌吗？只有你允许，对方才能回来。" },
  "room.removed": { en: "Removed players", zh: "已移出的玩家" },
  "room.allow": { en: "Allow back", zh: "允许回来" },
  "room.start": { en: "Start match", zh: "开始比赛" },
  "room.start.notfull": { en: "Not full yet — start anyway? Bots will take the empty seats.", zh: "还没坐满——仍然开始吗？空位由机器人代打。" },
  "room.pending": { en: "Your request was sent; waiting for the host.", zh: "申请已发送，等待房主同意。" },
  "room.request": { en: "Request to join", zh: "申请加入" },
  "room.watching": { en: "You are not seated at this table.", zh: "你不在这张牌桌上。" },
  "room.rejected": { en: "The host declined your request. You may ask again.", zh: "房主拒绝了你的申请，你可以再次申请。" },
  "room.removedyou": { en: "The host removed you from this table.", zh: "房主把你移出了这张牌桌。" },
  "room.public": { en: "public", zh: "公开" },
  "room.private": { en: "private", zh: "私密" },

  // table: actions
  "act.play": { en: "Play", zh: "出牌" },
  "act.pass": { en: "Pass", zh: "不要" },
  "act.hint": { en: "Hint", zh: "提示" },
  "act.clear": { en: "Clear", zh: "取消选择" },
  "act.sort.level": { en: "Sort: level order", zh: "排序：按大小" },
  "act.sort.suit": { en: "Sort: suit", zh: "排序：按花色" },
  "act.coach": { en: "Coach mode", zh: "教练模式" },
  "act.stepaway": { en: "Step away (keep seat)", zh: "暂离（保留座位）" },
  "act.comeback": { en: "I'm back", zh: "我回来了" },
  "act.leave": { en: "Leave table", zh: "离开牌桌" },
  "act.leave.confirm": { en: "Leave this table? A bot takes your seat.", zh: "离开牌桌吗？你的座位将由机器人代打。" },
  "act.end": { en: "End table", zh: "关闭牌桌" },
  "act.end.confirm": { en: "End this table for everyone?", zh: "为所有人关闭这张牌桌吗？" },
  "act.log": { en: "Download log", zh: "下载牌谱" },
  "act.replay": { en: "Watch replay", zh: "观看回放" },
  "act.nextdeal": { en: "Next deal", zh: "下一局" },
  "act.close": { en: "Close", zh: "关闭" },
  "act.confirm": { en: "Confirm", zh: "确认" },
  "act.cancel": { en: "Cancel", zh: "取消" },
  "act.send": { en: "Send", zh: "发送" },
  "turn.yours": { en: "Your turn", zh: "轮到你出牌" },
  "turn.yours.lead": { en: "Your lead: play any combination", zh: "轮到你领出：可出任意牌型" },
  "turn.other": { en: "Waiting for {name}", zh: "等待 {name}" },
  "pick.title": { en: "These cards can be played several ways", zh: "这些牌有多种出法" },
  "pick.about": { en: "Choose how to play them:", zh: "请选择出法：" },
  "hint.thinking": { en: "Thinking…", zh: "思考中…" },
  "hint.pass": { en: "Hint: pass", zh: "提示：不要" },
  "hint.play": { en: "Hint: {move}", zh: "提示：{move}" },
  "coach.says": { en: "Coach:", zh: "教练：" },

  // log and summaries
  "log.title": { en: "Play log", zh: "出牌记录" },
  "log.plays": { en: "{name}: {move}", zh: "{name}：{move}" },
  "log.passes": { en: "{name}: pass", zh: "{name}：不要" },
  "summary.deal": { en: "Deal over", zh: "本局结束" },
  "summary.waiting": { en: "Waiting for {names} to start the next deal", zh: "等待 {names} 开始下一局" },
  "summary.order": { en: "Finishing order", zh: "出完顺序" },
  "summary.result": { en: "Result: {result}", zh: "结果：{result}" },
  "summary.winners.us": { en: "Your team won the deal", zh: "我方赢下了这一局" },
  "summary.winners.them": { en: "The other team won the deal", zh: "对方赢下了这一局" },
  "summary.winners.team": { en: "Team {n} won the deal", zh: "{n}队赢下了这一局" },
  "summary.team.us": { en: "Your team", zh: "我方" },
  "summary.team.them": { en: "The other team", zh: "对方" },
  "summary.team.team": { en: "Team {n}", zh: "{n}队" },
  "summary.left": { en: "Cards still held:", zh: "没出完的牌：" },
  "summary.climb": { en: "{team}: {from} → {to}", zh: "{team}：{from} → {to}" },
  "summary.match": { en: "Match over", zh: "比赛结束" },
  "summary.matchwinner.us": { en: "Your team won the match!", zh: "我方赢得了整场比赛！" },
  "summary.matchwinner.them": { en: "The other team won the match", zh: "对方赢得了整场比赛" },
  "summary.matchwinner.team": { en: "Team {n} won the match!", zh: "{n}队赢得了整场比赛！" },
  "summary.matchwinner.named": { en: "{team} won the match!", zh: "{team}赢得了整场比赛！" },
  "summary.deals": { en: "Deals played: {n}", zh: "共打 {n} 局" },

  // chat
  "chat.title": { en: "Chat", zh: "聊天" },
  "chat.placeholder": { en: "Say something…", zh: "说点什么…" },

  // keyboard help
  "keys.title": { en: "Keyboard shortcuts", zh: "快捷键" },
  "keys.select": { en: "← → move, Space select card", zh: "← → 移动，空格 选牌" },
  "keys.play": { en: "Enter play the selection", zh: "回车 出牌" },
  "keys.pass": { en: "P pass", zh: "P 不要" },
  "keys.hint": { en: "H hint", zh: "H 提示" },
  "keys.clear": { en: "Esc clear the selection", zh: "Esc 取消选择" },
  "keys.sort": { en: "S switch the sort", zh: "S 切换排序" },
  "keys.rank": { en: "2–9, 0 (10), J Q K A: select the next card of that rank", zh: "2–9、0（10）、J Q K A：选下一张该点数的牌" },

  // replay
  "replay.title": { en: "Replay a match", zh: "比赛回放" },
  "replay.file": { en: "Open a log file", zh: "打开牌谱文件" },
  "replay.server": { en: "or load table", zh: "或载入牌桌" },
  "replay.load": { en: "Load", zh: "载入" },
  "replay.first": { en: "« Start", zh: "« 开头" },
  "replay.prev": { en: "◀ Back", zh: "◀ 后退" },
  "replay.next": { en: "Next ▶", zh: "前进 ▶" },
  "replay.last": { en: "End »", zh: "结尾 »" },
  "replay.auto": { en: "Auto play", zh: "自动播放" },
  "replay.step": { en: "Step {i} of {n}", zh: "第 {i} / {n} 步" },
  "replay.dealof": { en: "Deal {i} of {n}", zh: "第 {i} / {n} 局" },
  "replay.notloaded": { en: "Table {code} could not be loaded: {why}", zh: "无法载入牌桌 {code}：{why}" },
  "replay.start": { en: "Cards dealt", zh: "发牌" },
  "replay.keys": { en: "← → step, Home/End start/end of the deal, PageUp/PageDown previous/next deal", zh: "← → 单步，Home/End 本局开头/结尾，PageUp/PageDown 上一局/下一局" },
  "replay.none": { en: "Load a log to start.", zh: "请先载入牌谱。" },

  // the practice deal (rules.html starts it; table.js guides it with ?practice=1)
  "practice.title": { en: "Practice deal", zh: "练习局" },
  "practice.about": { en: "Play a deal with a bot partner against two simple bots, with the coach on: the table tells you what to do at each step, and Hint suggests a play and says why.", zh: "和机器人搭档对战两个简单机器人，教练模式已打开：牌桌会告诉你每一步该做什么，点“提示”会给出出法并说明理由。" },
  "practice.go": { en: "Start a practice deal", zh: "开始练习局" },
  "guide.title": { en: "Practice: what to do now", zh: "练习：现在该做什么" },
  "guide.lead": { en: "You lead: choose any combination from your hand (a single, a pair, a straight…) and press Play. Low cards first is a good start. Not sure? Press Hint: the coach suggests a play and says why.", zh: "轮到你领出：从手牌中选任意牌型（单张、对子、顺子……）再点“出牌”。先出小牌是不错的开始。拿不准？点“提示”，教练会给出出法并说明理由。" },
  "guide.follow": { en: "Beat {name}'s play with the same kind and number of cards, higher, or with a bomb; or press Pass. Hint shows what the coach would do.", zh: "用同样牌型、同样张数、更大的牌或炸弹压过 {name} 的牌，或者点“不要”。点“提示”看教练会怎么出。" },
  "guide.partner": { en: "Your partner {name} is winning this trick: passing is usually right, so your partner keeps the lead.", zh: "对家 {name} 这一轮领先：通常选“不要”，让对家继续出牌。" },
  "guide.wait": { en: "{name} is playing. Watch the seats and the play log; your turn comes round.", zh: "{name} 正在出牌。看看各家出的牌和出牌记录，很快轮到你。" },
  "guide.over": { en: "The deal is over: the summary shows who went out first and how far each team climbs. Press Next deal to play on.", zh: "本局结束：小结会显示谁是头游、每队升几级。点“下一局”继续。" },
  "guide.rules": { en: "Back to the rules", zh: "返回规则" },

  // cards as a screen reader says them (cardName() in cards.js): "3 of spades", "黑桃3"
  "card.name": { en: "{rank} of {suit}", zh: "{suit}{rank}" },
  "card.rank.j": { en: "jack", zh: "J" },
  "card.rank.q": { en: "queen", zh: "Q" },
  "card.rank.k": { en: "king", zh: "K" },
  "card.rank.a": { en: "ace", zh: "A" },
  "card.wild": { en: "{card}, wild", zh: "{card}（逢人配）" },
  "card.hand": { en: "Your hand", zh: "你的手牌" },
  "card.none": { en: "no cards", zh: "没有牌" },

  // what the live region says after each change at the table
  "say.plays": { en: "{name} plays {move}.", zh: "{name}出{move}。" },
  "say.passes": { en: "{name} passes.", zh: "{name}不要。" },
  "say.return": { en: "{from} returns {card} to {to}.", zh: "{from}还{card}给{to}。" },
  "say.turn.mine": { en: "Your turn.", zh: "轮到你出牌。" },
  "say.turn.lead": { en: "Your lead: play any combination.", zh: "轮到你领出。" },
  "say.turn.other": { en: "{name} to play.", zh: "轮到{name}。" },
};

const STORAGE_KEY = "guandan.lang";
const LANGS = ["en", "zh"];

function initialLang() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (LANGS.includes(saved)) return saved;
  } catch (_) { /* storage blocked: fall back to the browser's language */ }
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

let lang = initialLang();

export function getLang() {
  return lang;
}

/** The string for key in the current language, with {name} placeholders filled. */
export function t(key, params = {}) {
  // a count of one takes the key's singular form ("1 card"), where it has one
  const one = params.n === 1 ? lookup(`${key}.one`) : null;
  const text = one ?? lookup(key);
  return text == null ? key : fill(text, params);
}

/** The text of key in the current language: a shared string, else one of the page's game (loadGame); null where neither has it. */
function lookup(key) {
  const entry = STRINGS[key];
  if (entry) return entry[lang] ?? entry.en;
  return pageGame === null ? null : gameText(pageGame, key);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A server text {"en", "zh"} (or a plain string) in the current language. */
export function pick(text, params = {}) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return fill(String(text[lang] ?? text.en ?? ""), params);
}

// Each game's own texts, as its entry declares them (GET /api/games: every
// game's "texts", {"en": {key: text}, "zh": {...}}): the same catalogue the
// server reads. Kept per game, so two games may use the same key.
const GAME_TEXTS = {};

/** Keep the texts of the games of a GET /api/games reply. */
export function setGameTexts(games) {
  for (const game of games) GAME_TEXTS[game.name] = game.texts || {};
}

/** A text of game's own catalogue in the current language, filled; null where it has none. */
export function gameText(game, key, params = {}) {
  const texts = GAME_TEXTS[game] || {};
  const text = (texts[lang] || {})[key] ?? (texts.en || {})[key];
  return text == null ? null : fill(text, params);
}

// The game whose page this is (loadGame): t() and data-i18n read its texts
// after the shared ones.
let pageGame = null;

/**
 * Make game's texts part of this page's strings: its catalogue, served as
 * /static/texts/GAME.json (kept by the service worker, so the page has it
 * offline too). Awaited before the page fills its texts; where the file
 * cannot be had, the page shows the keys of the game's texts.
 */
export async function loadGame(game) {
  pageGame = game;
  if (GAME_TEXTS[game]) return;
  try {
    const response = await fetch(`/static/texts/${encodeURIComponent(game)}.json`);
    if (response.ok) GAME_TEXTS[game] = await response.json();
  } catch (_) { /* no connection and nothing kept: the keys show */ }
}

/** Whether key is a shared string or one of the page's game. */
export function hasKey(key) {
  return lookup(key) != null;
}

/** A bot strength's name in the current language; a server's own strength (no translation) as it is named. */
export function strengthName(name) {
  return hasKey("strength." + name) ? t("strength." + name) : name;
}

export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch (_) { /* the choice then lasts for this page only */ }
  applyI18n();
  document.dispatchEvent(new CustomEvent("langchange", { detail: { lang } }));
}

/**
 * Fill every element marked data-i18n (text), data-i18n-placeholder,
 * data-i18n-title and data-i18n-aria-label under root; show only the
 * [data-lang] blocks of the current language.
 */
export function applyI18n(root = document) {
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-aria-label]")) el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
  for (const el of root.querySelectorAll("[data-lang]")) el.hidden = el.dataset.lang !== lang;
}

/** Wire the language switch button(s) (id "lang-switch") and fill the page. */
export function initI18n() {
  for (const button of document.querySelectorAll("#lang-switch")) {
    button.addEventListener("click", () => setLang(lang === "en" ? "zh" : "en"));
  }
  applyI18n();
}
