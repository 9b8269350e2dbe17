// Every word the web table shows, in English and Russian: one table.
// Game phrases are the terminal's (src/i18n/msg/play.rs); hand names come
// from the engine itself (GET /api/hands), so they match `liar play`.

const STRINGS = {
  en: {
    title: "Liar Dice",
    tagline: "Five poker dice, one cup, and a lie.",
    otherLang: "Русский",
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Connection lost — reconnecting in {s} s…",
    lobby: "Lobby",
    tables: "Tables",
    noTables: "No tables yet: open one below.",
    tableExpired: "The server closed this table: it waited with nobody at it for too long.",
    recentMatches: "Recent matches (games won)",
    stoppedEarly: "stopped early",
    newTable: "Open a new table",
    preset: "Rules preset",
    tableName: "Table name (optional)",
    create: "Open table",
    yourName: "Your name",
    namePlaceholder: "e.g. Anna",
    takeSeat: "Take seat {n}",
    watch: "Watch",
    shareLink: "Link for seat {n}",
    copy: "Copy",
    copied: "Copied",
    seat: "Seat {n}",
    open: "open",
    bot: "bot",
    person: "person",
    host: "host",
    away: "away",
    botPlaying: "a bot plays for now",
    phase_waiting: "waiting for players",
    phase_playing: "playing",
    phase_finished: "finished",
    games: "{n} games",
    game1: "1 game",
    turnSeconds: "{n} s per turn",
    poker: "poker dice",
    standard: "standard dice (1 is the ace)",
    straights_below: "straights below full house",
    straights_above: "straights above full house",
    straights_none: "no straights",
    kickers_on: "odd dice count",
    kickers_off: "odd dice do not count",
    starter_challenger: "the challenger opens the next round",
    starter_loser: "the loser opens the next round",
    "starter_left-of-challenger": "the player left of the challenger opens the next round",
    chipsEach: "{chips} each",
    backToLobby: "Lobby",
    waitingRoom: "Waiting for players",
    startMatch: "Start the match",
    fillBots: "Fill open seats with bots",
    onlyHostStarts: "The host ({name}) starts the match.",
    leave: "Leave the seat",
    leaveTable: "Leave the table",
    leaveMatch: "Leave the table? A bot plays your seat to the end of the match.",
    yourSeat: "Back to your seat {n}",
    spectating: "You are watching.",
    you: "You",
    pot: "Pot",
    out: "out",
    toPlay: "to play",
    holdsDice: "holds the dice",
    winner: "winner",
    gameRound: "Game {game} · round {round}",
    toBeat: "To beat",
    claimedBy: "claimed by {name} on a fresh throw",
    claimedAfter: "claimed by {name}; dice thrown again: {n}",
    noClaim: "No claim yet: a new round.",
    yourDice: "Your dice",
    dieAt: "die {n}: {what}",
    dieHidden: "hidden",
    thatMakes: "That makes {hand}.",
    hiddenDice: "{name} holds the dice (hidden).",
    round: "This round",
    roundEmpty: "Nothing claimed yet in this round.",
    log: "The match so far",
    timeLeft: "{s} s left",
    yourTurn: "Your turn",
    waitingFor: "Waiting for {name}: {what}.",
    kind_claim: "a claim",
    kind_respond: "believe or not",
    kind_reroll: "which dice to throw again",
    askRespond: "{name} claims {claim}. Do you believe it?",
    believe: "Believe",
    disbelieve: "Don't believe",
    onlyChallenge: "Nothing beats {claim}: you can only challenge.",
    askReroll: "Tap the dice to throw again, then throw.",
    throwN: "Throw {dice} again",
    keepAll: "Keep all five dice",
    rerollChance: "Chance this re-throw beats {claim}: {p}",
    askClaim: "Your claim",
    atLeast: "At least {hand}.",
    category: "Hand",
    faces: "Which",
    claimBtn: "Claim",
    orType: "…or type it",
    typeHint: "five dice ({example}), part of a hand (KKK) or words",
    send: "Claim this",
    whichMeant: "Did you mean:",
    tooLow: "Too low: {claim}. A claim must beat {toBeat}.",
    odds: "Odds",
    hideOdds: "Hide odds",
    oddsFor: "Odds of {target} or better:",
    oddsFresh: "from a fresh throw: {p}",
    oddsHeld: "your dice make it already",
    oddsBestAll: "best re-throw: all five dice: {p}",
    oddsBest: "best re-throw: keep {keep}, throw {dice} (positions {positions}): {p}",
    oddsOut: "no re-throw of your dice can make it",
    oddsNoClaim: "No claim on the table yet.",
    oddsOwn: "Your dice, {hand}, from a fresh throw: {p}",
    shortcuts: "Keys",
    key_believe: "B believe",
    key_disbelieve: "D don't believe",
    key_dice: "1–5 pick dice",
    key_throw: "T throw",
    key_claim: "C claim",
    key_type: "/ type a claim",
    key_odds: "O odds",
    key_lang: "L language",
    key_replay: "← → step · Home End",
    // Narration: the terminal's sentences.
    turnOrder: "Turn order: {order}.",
    gameBegins: "Game {game}: {name} throws first.",
    roundBegins: "Round {round}: {name} throws the dice.",
    claims: "{name} claims {claim}.",
    accepts: "{name} accepts.",
    rerollsNone: "{name} keeps all five dice.",
    rerolls: "{name} throws {dice} again.",
    challenges: "{challenger} challenges {claimer}: {claim}?",
    revealed: "The dice: {hand}.",
    claimHeld: "The claim holds: {loser} pays a chip.",
    claimFailed: "A bluff: {loser} pays a chip.",
    penalty: "{name}: {why} — {what}.",
    eliminated: "{name} has no chips left and is out of this game.",
    gameWon: "{name} wins game {game} and takes the pot: {chips}.",
    matchOver: "Match over. Games won: {wins}.",
    botLog: "[{name}] {text}",
    matchStopped: "The match stopped before its end. Games won: {wins}.",
    reason_timeout: "took too long",
    reason_error: "its code failed",
    reason_illegal: "an illegal move",
    reason_budget: "ran out of its instruction budget",
    reason_memory: "ran out of memory",
    reason_other: "failed",
    action_forfeit: "forfeits the round and pays a chip",
    action_fallback: "the engine decides in its place",
    action_disqualified: "disqualified from the match",
    action_recorded: "counted after the match's last game",
    challenge: "Challenge",
    gameOver: "Game {game} is over",
    winsSoFar: "Games won so far: {wins}.",
    summary: "Match summary",
    wins: "Games won",
    finalChips: "Chips at the end",
    replay: "Replay",
    watchReplay: "Step through the replay",
    download: "Download the replay (JSONL)",
    replayStep: "Step {i} of {n}",
    first: "Start",
    back: "Back",
    forward: "Forward",
    last: "End",
    closeReplay: "Close the replay",
    replayStart: "The match begins.",
    dealt: "{name} holds the dice:",
    errorPrefix: "Refused",
    noSuchTable: "There is no table {id} on this server.",
    seatsOpen: "{n} open",
    shareLinks: "Links to invite people",
    rules: "Rules",
  },
  ru: {
    title: "Лжец",
    tagline: "Пять покерных кубиков, стакан и враньё.",
    otherLang: "English",
    connecting: "Соединение…",
    connected: "На связи",
    reconnecting: "Связь потеряна — новая попытка через {s} с…",
    lobby: "Лобби",
    tables: "Столы",
    noTables: "Столов пока нет: откройте стол ниже.",
    tableExpired: "Сервер закрыл этот стол: за ним слишком долго никого не было.",
    recentMatches: "Недавние матчи (выиграно партий)",
    stoppedEarly: "остановлен досрочно",
    newTable: "Открыть новый стол",
    preset: "Правила",
    tableName: "Название стола (необязательно)",
    create: "Открыть стол",
    yourName: "Ваше имя",
    namePlaceholder: "например, Аня",
    takeSeat: "Занять место {n}",
    watch: "Смотреть",
    shareLink: "Ссылка на место {n}",
    copy: "Копировать",
    copied: "Скопировано",
    seat: "Место {n}",
    open: "свободно",
    bot: "бот",
    person: "игрок",
    host: "хозяин",
    away: "не на связи",
    botPlaying: "пока играет бот",
    phase_waiting: "ждёт игроков",
    phase_playing: "идёт игра",
    phase_finished: "окончен",
    games: "партий: {n}",
    game1: "1 партия",
    turnSeconds: "{n} с на ход",
    poker: "покерные кубики",
    standard: "обычные кубики (1 — туз)",
    straights_below: "стриты ниже фул-хауса",
    straights_above: "стриты выше фул-хауса",
    straights_none: "без стритов",
    kickers_on: "непарные кубики считаются",
    kickers_off: "непарные кубики не считаются",
    starter_challenger: "следующий раунд начинает тот, кто не поверил",
    starter_loser: "следующий раунд начинает проигравший",
    "starter_left-of-challenger": "следующий раунд начинает сосед слева от того, кто не поверил",
    chipsEach: "по {chips}",
    backToLobby: "Лобби",
    waitingRoom: "Ждём игроков",
    startMatch: "Начать матч",
    fillBots: "Посадить ботов на свободные места",
    onlyHostStarts: "Матч начинает хозяин стола ({name}).",
    leave: "Уйти с места",
    leaveTable: "Выйти из-за стола",
    leaveMatch: "Выйти из-за стола? До конца матча за вас сыграет бот.",
    yourSeat: "Вернуться на место {n}",
    spectating: "Вы зритель.",
    you: "Вы",
    pot: "В банке",
    out: "вне игры",
    toPlay: "ходит",
    holdsDice: "кубики у него",
    winner: "победитель",
    gameRound: "Партия {game} · раунд {round}",
    toBeat: "Заявка на столе",
    claimedBy: "от игрока {name}, с первого броска",
    claimedAfter: "от игрока {name}; переброшено кубиков: {n}",
    noClaim: "Заявки пока нет: новый раунд.",
    yourDice: "Ваши кубики",
    dieAt: "кубик {n}: {what}",
    dieHidden: "скрыт",
    thatMakes: "На кубиках: {hand}.",
    hiddenDice: "Кубики у игрока {name} (скрыты).",
    round: "В этом раунде",
    roundEmpty: "В этом раунде ещё ничего не заявлено.",
    log: "Ход матча",
    timeLeft: "осталось {s} с",
    yourTurn: "Ваш ход",
    waitingFor: "Ждём игрока {name}: {what}.",
    kind_claim: "заявка",
    kind_respond: "верит или нет",
    kind_reroll: "какие кубики перебросить",
    askRespond: "{name} заявляет: {claim}. Верите?",
    believe: "Верю",
    disbelieve: "Не верю",
    onlyChallenge: "Выше, чем {claim}, ничего нет: остаётся только «не верю».",
    askReroll: "Нажмите на кубики, которые перебросить, затем бросайте.",
    throwN: "Перебросить {dice}",
    keepAll: "Ничего не перебрасывать",
    rerollChance: "Шанс, что этот переброс перебьёт {claim}: {p}",
    askClaim: "Ваша заявка",
    atLeast: "Не ниже, чем {hand}.",
    category: "Комбинация",
    faces: "Какая",
    claimBtn: "Заявить",
    orType: "…или напишите",
    typeHint: "пять кубиков ({example}), часть комбинации (ККК) или словами",
    send: "Заявить это",
    whichMeant: "Вы имели в виду:",
    tooLow: "Слишком низко: {claim}. Нужна заявка выше, чем {toBeat}.",
    odds: "Шансы",
    hideOdds: "Скрыть шансы",
    oddsFor: "Шансы на {target} или выше:",
    oddsFresh: "со свежего броска: {p}",
    oddsHeld: "на ваших кубиках это уже есть",
    oddsBestAll: "лучший переброс: все пять кубиков: {p}",
    oddsBest: "лучший переброс: оставить {keep}, бросить {dice} (позиции {positions}): {p}",
    oddsOut: "никакой переброс ваших кубиков этого не даст",
    oddsNoClaim: "На столе ещё нет заявки.",
    oddsOwn: "Ваши кубики, {hand}, со свежего броска: {p}",
    shortcuts: "Клавиши",
    key_believe: "B верю",
    key_disbelieve: "D не верю",
    key_dice: "1–5 выбрать кубики",
    key_throw: "T бросить",
    key_claim: "C заявить",
    key_type: "/ написать заявку",
    key_odds: "O шансы",
    key_lang: "L язык",
    key_replay: "← → шаг · Home End",
    turnOrder: "Порядок хода: {order}.",
    gameBegins: "Партия {game}, первый бросок: {name}.",
    roundBegins: "Раунд {round}: {name} бросает кубики.",
    claims: "{name} заявляет: {claim}.",
    accepts: "{name} верит.",
    rerollsNone: "{name} ничего не перебрасывает.",
    rerolls: "{name} перебрасывает {dice}.",
    challenges: "{challenger} не верит игроку {claimer}: {claim}?",
    revealed: "Кубики: {hand}.",
    claimHeld: "Заявка верна: {loser} платит фишку.",
    claimFailed: "Это блеф: {loser} платит фишку.",
    penalty: "{name}: {why} — {what}.",
    eliminated: "{name} выбывает из партии: фишек не осталось.",
    gameWon: "{name} выигрывает партию {game} и забирает банк: {chips}.",
    matchOver: "Матч окончен. Выиграно партий: {wins}.",
    botLog: "[{name}] {text}",
    matchStopped: "Матч прерван. Выиграно партий: {wins}.",
    reason_timeout: "время вышло",
    reason_error: "ошибка в коде",
    reason_illegal: "недопустимый ход",
    reason_budget: "кончился лимит инструкций",
    reason_memory: "кончилась память",
    reason_other: "сбой",
    action_forfeit: "раунд проигран, фишка уходит в банк",
    action_fallback: "ход делает движок",
    action_disqualified: "снятие с матча",
    action_recorded: "засчитано после последней игры матча",
    challenge: "Проверка",
    gameOver: "Партия {game} окончена",
    winsSoFar: "Выиграно партий: {wins}.",
    summary: "Итоги матча",
    wins: "Выиграно партий",
    finalChips: "Фишки в конце",
    replay: "Запись",
    watchReplay: "Просмотреть запись по шагам",
    download: "Скачать запись (JSONL)",
    replayStep: "Шаг {i} из {n}",
    first: "В начало",
    back: "Назад",
    forward: "Вперёд",
    last: "В конец",
    closeReplay: "Закрыть запись",
    replayStart: "Матч начинается.",
    dealt: "Кубики у игрока {name}:",
    errorPrefix: "Отказ",
    noSuchTable: "Стола {id} на этом сервере нет.",
    seatsOpen: "свободно: {n}",
    shareLinks: "Ссылки для приглашения",
    rules: "Правила",
  },
};

// Counted nouns: English singular/plural, Russian forms for 1, 2–4, 5+.
const NOUNS = {
  chip: ["chip", "chips", ["фишка", "фишки", "фишек"]],
  die: ["die", "dice", ["кубик", "кубика", "кубиков"]],
};

// Face labels by face index (0 = nine … 5 = ace), as Face::shown.
const FACE_LABELS = {
  poker: { en: ["9", "T", "J", "Q", "K", "A"], ru: ["9", "10", "В", "Д", "К", "Т"] },
  standard: { en: ["2", "3", "4", "5", "6", "1"], ru: ["2", "3", "4", "5", "6", "1"] },
};

// Face names for screen readers.
const FACE_NAMES = {
  poker: {
    en: ["nine", "ten", "jack", "queen", "king", "ace"],
    ru: ["девятка", "десятка", "валет", "дама", "король", "туз"],
  },
  standard: {
    en: ["two", "three", "four", "five", "six", "one (ace)"],
    ru: ["двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "единица (туз)"],
  },
};

export const LANGS = ["en", "ru"];

/// The language to start in: a choice made before, else the browser's.
export function initialLang() {
  const saved = safeGet("liar:lang");
  if (LANGS.includes(saved)) return saved;
  const langs = navigator.languages || [navigator.language || "en"];
  for (const l of langs) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

export function safeGet(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage: the page works without it.
  }
}

/// The string `key` in `lang` with `{name}` holes filled from `params`.
export function tr(lang, key, params = {}) {
  const table = STRINGS[lang] || STRINGS.en;
  const text = table[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
}

function russianForm(n) {
  const mod100 = n % 100;
  const mod10 = n % 10;
  if (mod100 >= 11 && mod100 <= 14) return 2;
  if (mod10 === 1) return 0;
  if (mod10 >= 2 && mod10 <= 4) return 1;
  return 2;
}

/// "3 chips", "3 фишки".
export function count(lang, n, noun) {
  const [one, many, ru] = NOUNS[noun];
  if (lang === "ru") return `${n} ${ru[russianForm(n)]}`;
  return `${n} ${n === 1 ? one : many}`;
}

const FACE_LETTERS = "9TJQKA";

/// The index (0–5) of a face letter of the protocol (9 T J Q K A).
export function faceIndex(letter) {
  return FACE_LETTERS.indexOf(letter);
}

/// How a player sees a face letter at a table with `dice`.
export function faceLabel(lang, dice, letter) {
  return FACE_LABELS[dice === "standard" ? "standard" : "poker"][lang][faceIndex(letter)];
}

/// A face's name for screen readers.
export function faceName(lang, dice, letter) {
  return FACE_NAMES[dice === "standard" ? "standard" : "poker"][lang][faceIndex(letter)];
}

/// Letters as the player sees them: "KKKQQ", "К К К Д Д", "66655".
export function shownFaces(lang, dice, letters) {
  const labels = [...letters].map((l) => faceLabel(lang, dice, l));
  return dice !== "standard" && lang === "ru" ? labels.join(" ") : labels.join("");
}

/// A share as a percentage with two decimals: "1.93%", "1,93 %".
export function percent(lang, share) {
  const text = (share * 100).toFixed(2);
  return lang === "ru" ? `${text.replace(".", ",")} %` : `${text}%`;
}
