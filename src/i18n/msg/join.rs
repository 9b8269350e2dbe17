//! What `liar join`, the terminal client of `liar serve`, says around the
//! game (the game itself is told in [`super::Msg`]'s words): connecting,
//! the lobby, the waiting room, the turn timer, reconnecting, the server's
//! refusals and the end of the match.

use crate::i18n::{Lang, Noun, count};
use crate::online::{ErrorCode, Phase};
use crate::rules::{DiceKind, Rules, Straights};

/// A message of `liar join`. Parameters are already-written pieces.
///
/// ```
/// use liar::i18n::{JoinMsg, Lang};
/// assert_eq!(JoinMsg::TimeLeft { seconds: 42 }.text(Lang::En), "42 s");
/// assert_eq!(JoinMsg::TimeLeft { seconds: 42 }.text(Lang::Ru), "42 с");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinMsg<'a> {
    /// The turn timer in a prompt.
    TimeLeft {
        /// Whole seconds left (rounded up).
        seconds: u64,
    },
    /// `quit` at a network table: confirm giving the seat to a bot.
    ConfirmLeave,
    /// The person left the seat.
    YouLeaveSeat,
    /// Ctrl-C or the end of input: the client stops, the seat stays.
    SeatKept,
    /// The waiting table was closed: nobody was at it for too long.
    TableExpired,
    /// Connecting.
    Connecting {
        /// The WebSocket address.
        url: &'a str,
    },
    /// Connected, and what the server is.
    Connected {
        /// The server's program and version.
        server: &'a str,
    },
    /// The server cannot be reached.
    CannotConnect {
        /// The address.
        url: &'a str,
        /// Why, in the system's words.
        reason: &'a str,
    },
    /// The server speaks another protocol version.
    Version {
        /// This client's.
        ours: u32,
        /// The server's.
        theirs: u32,
    },
    /// The server did not answer hello with its welcome.
    NoWelcome {
        /// The address.
        url: &'a str,
    },
    /// An `https://` or `wss://` address.
    Tls {
        /// The address as given.
        url: &'a str,
    },
    /// Not a server address.
    BadUrl {
        /// What was given.
        text: &'a str,
    },
    /// `--seat 0`.
    SeatFromOne,
    /// Heads the lobby.
    LobbyHeader,
    /// The lobby is empty.
    LobbyEmpty,
    /// One table in the lobby (a line of seats follows).
    LobbyTable {
        /// Its number.
        id: u64,
        /// Its name.
        name: &'a str,
        /// Its phase, written ([`JoinMsg::Phase`]).
        phase: &'a str,
        /// Its rules, written ([`JoinMsg::RulesBrief`]).
        rules: &'a str,
        /// Games in its match.
        games: u32,
        /// Seconds per decision.
        turn_seconds: u32,
    },
    /// Where a table is in its life.
    Phase(Phase),
    /// A table's rules in one line.
    RulesBrief(Rules),
    /// A table's seats, listed.
    Seats {
        /// The seats, written, joined.
        list: &'a str,
    },
    /// An open seat.
    SeatOpen {
        /// Seat number, from 1.
        seat: usize,
    },
    /// A bot's seat.
    SeatBot {
        /// Seat number, from 1.
        seat: usize,
        /// The bot's name.
        name: &'a str,
    },
    /// A person's seat.
    SeatPerson {
        /// Seat number, from 1.
        seat: usize,
        /// The name.
        name: &'a str,
        /// Whether this is the reader's seat.
        you: bool,
        /// Whether the person's connection is live.
        connected: bool,
        /// Whether a bot plays for the person now.
        bot_playing: bool,
    },
    /// Which table to sit at.
    AskTable,
    /// The answer names no table of the list.
    NotATable {
        /// What was typed.
        text: &'a str,
    },
    /// The server offers no presets to create a table from.
    NoPresets,
    /// A preset in the list to choose from: its name, which is typed to
    /// choose it, and for the built-in ones who sits there.
    PresetName {
        /// The preset's name.
        name: &'a str,
    },
    /// Which preset a new table is made from.
    AskPreset {
        /// The presets, numbered from 1.
        list: &'a str,
    },
    /// The answer names no preset.
    NotAPreset {
        /// What was typed.
        text: &'a str,
    },
    /// The table created.
    Created {
        /// Its number.
        id: u64,
    },
    /// The name to sit with.
    AskName {
        /// The name taken on a bare Enter.
        default: &'a str,
    },
    /// A seat was taken.
    Seated {
        /// The table.
        table: u64,
        /// Seat number, from 1.
        seat: usize,
    },
    /// One seat is saved on this computer account: whose, and come back?
    AskResumeOne {
        /// The name it was taken with.
        name: &'a str,
        /// The seat, from 1.
        seat: usize,
        /// The table.
        table: u64,
    },
    /// Several seats are saved on this account: which is the person's?
    AskResumeWhich {
        /// The seats, numbered from 1 ([`JoinMsg::SavedSeatItem`]).
        list: &'a str,
    },
    /// One saved seat in the list of [`JoinMsg::AskResumeWhich`].
    SavedSeatItem {
        /// Its number in the list.
        n: usize,
        /// The name it was taken with.
        name: &'a str,
        /// The seat, from 1.
        seat: usize,
        /// The table.
        table: u64,
    },
    /// The name of a seat saved before names were (an older file).
    SomeoneUnnamed,
    /// The answer chooses none of the saved seats.
    NotASavedSeat {
        /// What was typed.
        text: &'a str,
    },
    /// Coming back with a saved token.
    Resuming {
        /// The table.
        table: u64,
    },
    /// The saved token was refused.
    TokenDropped {
        /// The table.
        table: u64,
    },
    /// Watching a table.
    Spectating {
        /// The table.
        table: u64,
    },
    /// Heads the waiting room.
    WaitingRoom {
        /// The table's number.
        table: u64,
        /// Its name.
        name: &'a str,
    },
    /// The host is asked to start.
    AskStart {
        /// Open seats, which bots would take.
        open: usize,
    },
    /// Neither start nor wait.
    NotStart,
    /// Others wait for the host.
    WaitingForHost,
    /// The host waits for more people.
    WaitingForPeople,
    /// Another person's turn.
    TheirTurn {
        /// Who.
        name: &'a str,
        /// Seconds they have.
        seconds: u64,
    },
    /// The turn timer ran out before the answer.
    TimeUp,
    /// An answer came after its question was settled.
    TooLate,
    /// A bot plays the reader's seat now.
    BotPlaysYou,
    /// Another person's connection is gone (their seat stays theirs).
    PersonAway {
        /// The person.
        name: &'a str,
    },
    /// Another person is back at their seat.
    PersonBack {
        /// The person.
        name: &'a str,
    },
    /// A bot plays another person's seat now.
    BotPlaysFor {
        /// The person.
        name: &'a str,
    },
    /// The connection dropped; trying again.
    Reconnecting {
        /// This attempt, from 1.
        attempt: u32,
        /// Attempts in all.
        max: u32,
    },
    /// Back after a drop.
    Reconnected,
    /// The connection is lost for good.
    Lost {
        /// Why.
        reason: &'a str,
    },
    /// The server closed the connection.
    Closed,
    /// No message from the server in time.
    Silent,
    /// A message this client does not understand.
    Garbled {
        /// The parser's words and the message.
        detail: &'a str,
    },
    /// The server refused a message.
    ServerError {
        /// Its code.
        code: ErrorCode,
        /// The server's own words.
        message: &'a str,
    },
    /// Where to download the replay.
    ReplayAt {
        /// The address.
        url: &'a str,
    },
    /// The replay could not be fetched for the summary.
    ReplayUnfetched {
        /// Why.
        reason: &'a str,
    },
}

impl JoinMsg<'_> {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            JoinMsg::TimeLeft { seconds } => tr!(lang, "{seconds} s", "{seconds} с"),
            JoinMsg::ConfirmLeave => tr!(
                lang,
                "Leave your seat? A bot plays it to the end of the match. (y/n)",
                "Уйти с места? До конца матча за вас сыграет бот. (да/нет)"
            ),
            JoinMsg::YouLeaveSeat => tr!(
                lang,
                "You leave your seat; a bot plays it to the end of the match.",
                "Вы уходите с места; до конца матча за вас играет бот."
            ),
            JoinMsg::SeatKept => tr!(
                lang,
                "The seat stays yours: run the same `liar join` again to come back (the turn timer runs meanwhile).",
                "Место остаётся за вами: запустите тот же `liar join` снова, чтобы вернуться (таймер хода тем временем идёт)."
            ),
            JoinMsg::TableExpired => tr!(
                lang,
                "The server closed this table: it waited with nobody at it for too long. Open a new one with `liar join` again.",
                "Сервер закрыл этот стол: за ним слишком долго никого не было. Откройте новый, снова запустив `liar join`."
            ),
            JoinMsg::Connecting { url } => {
                tr!(lang, "Connecting to {url}…", "Подключение к {url}…")
            }
            JoinMsg::Connected { server } => {
                tr!(lang, "Connected: {server}.", "Подключено: {server}.")
            }
            JoinMsg::CannotConnect { url, reason } => tr!(
                lang,
                "cannot connect to {url}: {reason}",
                "не удаётся подключиться к {url}: {reason}"
            ),
            JoinMsg::Version { ours, theirs } => tr!(
                lang,
                "the server speaks protocol version {theirs} and this liar version {ours}: use a liar of the server's version",
                "сервер говорит на протоколе версии {theirs}, а этот liar — на версии {ours}: возьмите liar той же версии, что и сервер"
            ),
            JoinMsg::NoWelcome { url } => tr!(
                lang,
                "{url} did not greet this client as a `liar serve` does",
                "{url} не поздоровался с клиентом, как это делает `liar serve`"
            ),
            JoinMsg::Tls { url } => tr!(
                lang,
                "{url}: this liar speaks plain ws:// only, not TLS (https, wss); connect to the server's own address on the network (HOST:PORT), or through an SSH tunnel: ssh -L 8080:localhost:8080 HOST, then liar join localhost:8080",
                "{url}: этот liar говорит только по простому ws://, без TLS (https, wss); подключитесь к собственному адресу сервера в сети (ХОСТ:ПОРТ) или через SSH-туннель: ssh -L 8080:localhost:8080 ХОСТ, затем liar join localhost:8080"
            ),
            JoinMsg::BadUrl { text } => tr!(
                lang,
                "{text:?} is not a server address; give ws://HOST:PORT/ws, http://HOST:PORT/, HOST:PORT or a seat link http://HOST:PORT/table/ID?seat=N",
                "{text:?} — не адрес сервера; укажите ws://ХОСТ:ПОРТ/ws, http://ХОСТ:ПОРТ/, ХОСТ:ПОРТ или ссылку на место http://ХОСТ:ПОРТ/table/НОМЕР?seat=N"
            ),
            JoinMsg::SeatFromOne => tr!(lang, "seats count from 1", "места считаются с 1"),
            JoinMsg::LobbyHeader => tr!(lang, "Tables:", "Столы:"),
            JoinMsg::LobbyEmpty => tr!(lang, "No tables yet.", "Столов пока нет."),
            JoinMsg::LobbyTable {
                id,
                name,
                phase,
                rules,
                games,
                turn_seconds,
            } => {
                let games = count(u64::from(games), Noun::Game, lang);
                tr!(
                    lang,
                    "{id}. {name} ({phase}): {rules}; {games}, {turn_seconds} s a turn",
                    "{id}. {name} ({phase}): {rules}; {games}, {turn_seconds} с на ход"
                )
            }
            JoinMsg::Phase(Phase::Waiting) => tr!(lang, "waiting for players", "ждёт игроков"),
            JoinMsg::Phase(Phase::Playing) => tr!(lang, "playing", "идёт игра"),
            JoinMsg::Phase(Phase::Finished) => tr!(lang, "finished", "закончен"),
            JoinMsg::RulesBrief(rules) => rules_brief(&rules, lang),
            JoinMsg::Seats { list } => tr!(lang, "   seats: {list}", "   места: {list}"),
            JoinMsg::SeatOpen { seat } => tr!(lang, "{seat} open", "{seat} свободно"),
            JoinMsg::SeatBot { seat, name } => {
                tr!(lang, "{seat} {name} (bot)", "{seat} {name} (бот)")
            }
            JoinMsg::SeatPerson {
                seat,
                name,
                you,
                connected,
                bot_playing,
            } => {
                let mut notes = Vec::new();
                if you {
                    notes.push(tr!(lang, "you", "вы"));
                }
                if !connected {
                    notes.push(tr!(lang, "away", "нет связи"));
                }
                if bot_playing {
                    notes.push(tr!(lang, "a bot plays", "играет бот"));
                }
                if notes.is_empty() {
                    format!("{seat} {name}")
                } else {
                    format!("{seat} {name} ({})", notes.join(", "))
                }
            }
            JoinMsg::AskTable => tr!(
                lang,
                "Which table? Type its number, or n for a new one.",
                "За какой стол? Введите его номер или n — новый стол."
            ),
            JoinMsg::NotATable { text } => tr!(
                lang,
                "{text:?}: no such table; type a number from the list, or n.",
                "{text:?}: такого стола нет; введите номер из списка или n."
            ),
            JoinMsg::NoPresets => tr!(
                lang,
                "This server makes no new tables.",
                "Этот сервер не создаёт новых столов."
            ),
            JoinMsg::PresetName { name } => match (name, lang) {
                ("default", Lang::En) => "default (you, honest and statistician)".into(),
                ("three", Lang::En) => "three (three people)".into(),
                ("four", Lang::En) => "four (four people)".into(),
                ("default", Lang::Ru) => "default (вы, honest и statistician)".into(),
                ("three", Lang::Ru) => "three (три человека)".into(),
                ("four", Lang::Ru) => "four (четыре человека)".into(),
                (other, _) => other.to_string(),
            },
            JoinMsg::AskPreset { list } => tr!(
                lang,
                "A new table of which kind? {list}",
                "Какой стол создать? {list}"
            ),
            JoinMsg::NotAPreset { text } => tr!(
                lang,
                "{text:?}: no such kind; type its number or name.",
                "{text:?}: такого нет; введите номер или название."
            ),
            JoinMsg::Created { id } => tr!(lang, "Table {id} is ready.", "Стол {id} создан."),
            JoinMsg::AskName { default } => tr!(
                lang,
                "Your name at the table? (Enter: {default})",
                "Ваше имя за столом? (Enter: {default})"
            ),
            JoinMsg::Seated { table, seat } => tr!(
                lang,
                "You sit at table {table}, seat {seat}.",
                "Вы за столом {table}, место {seat}."
            ),
            JoinMsg::AskResumeOne { name, seat, table } => tr!(
                lang,
                "This computer account holds seat {seat} at table {table}, taken by {name}. Are you {name}, coming back to it? [Y/n]",
                "На этой учётной записи сохранено место {seat} за столом {table}, занятое игроком {name}. Вы {name} и возвращаетесь на него? [Д/н]"
            ),
            JoinMsg::AskResumeWhich { list } => tr!(
                lang,
                "This computer account holds several seats: {list}. Which one is yours? Its number, or n for a new seat",
                "На этой учётной записи сохранено несколько мест: {list}. Какое из них ваше? Его номер или н для нового места"
            ),
            JoinMsg::SavedSeatItem {
                n,
                name,
                seat,
                table,
            } => tr!(
                lang,
                "{n} {name} (seat {seat}, table {table})",
                "{n} {name} (место {seat}, стол {table})"
            ),
            JoinMsg::SomeoneUnnamed => tr!(lang, "someone", "кто-то"),
            JoinMsg::NotASavedSeat { text } => tr!(
                lang,
                "{text:?}: not one of the seats listed; type its number, or n for a new seat.",
                "{text:?}: такого места в списке нет; введите его номер или н для нового места."
            ),
            JoinMsg::Resuming { table } => tr!(
                lang,
                "Coming back to your seat at table {table}…",
                "Возвращаемся на ваше место за столом {table}…"
            ),
            JoinMsg::TokenDropped { table } => tr!(
                lang,
                "The seat saved for table {table} is no longer yours.",
                "Сохранённое место за столом {table} больше не ваше."
            ),
            JoinMsg::Spectating { table } => tr!(
                lang,
                "You watch table {table}.",
                "Вы смотрите игру за столом {table}."
            ),
            JoinMsg::WaitingRoom { table, name } => {
                tr!(lang, "Table {table}, {name}:", "Стол {table}, {name}:")
            }
            JoinMsg::AskStart { open: 0 } => tr!(
                lang,
                "You are the host. Start the match now (s), or wait (w)?",
                "Вы хозяин стола. Начать матч сейчас (с) или подождать (ж)?"
            ),
            JoinMsg::AskStart { open } => {
                let players = count(open as u64, Noun::Player, lang);
                tr!(
                    lang,
                    "You are the host. Start now with bots for the open seats ({players}) (s), or wait for more people (w)?",
                    "Вы хозяин стола. Начать сейчас, с ботами на свободных местах ({players}) (с), или подождать людей (ж)?"
                )
            }
            JoinMsg::NotStart => tr!(
                lang,
                "Please answer s (start) or w (wait).",
                "Ответьте s (начать) или w (ждать)."
            ),
            JoinMsg::WaitingForHost => tr!(
                lang,
                "Waiting for the host to start the match.",
                "Ждём, когда хозяин стола начнёт матч."
            ),
            JoinMsg::WaitingForPeople => tr!(
                lang,
                "Waiting for people; you are asked again when someone sits down.",
                "Ждём людей; вопрос повторится, когда кто-нибудь сядет."
            ),
            JoinMsg::TheirTurn { name, seconds } => tr!(
                lang,
                "{name} is thinking ({seconds} s)…",
                "Ходит {name} ({seconds} с)…"
            ),
            JoinMsg::TimeUp => tr!(
                lang,
                "Time is up: the table plays on without your answer.",
                "Время вышло: игра идёт дальше без вашего ответа."
            ),
            JoinMsg::TooLate => tr!(
                lang,
                "Too late: that question was settled without your answer.",
                "Поздно: этот вопрос решён без вашего ответа."
            ),
            JoinMsg::PersonAway { name } => tr!(
                lang,
                "{name} has left the table for now; the seat stays theirs.",
                "{name} пока отошёл от стола; место остаётся за ним."
            ),
            JoinMsg::PersonBack { name } => tr!(
                lang,
                "{name} is back at the table.",
                "{name} вернулся за стол."
            ),
            JoinMsg::BotPlaysFor { name } => tr!(
                lang,
                "A bot plays for {name} now.",
                "Сейчас за игрока {name} играет бот."
            ),
            JoinMsg::BotPlaysYou => tr!(
                lang,
                "A bot plays your seat now; run `liar join` again to take it back.",
                "Сейчас за вас играет бот; запустите `liar join` снова, чтобы вернуться."
            ),
            JoinMsg::Reconnecting { attempt, max } => tr!(
                lang,
                "The connection dropped; reconnecting ({attempt}/{max})…",
                "Связь прервалась; переподключение ({attempt}/{max})…"
            ),
            JoinMsg::Reconnected => tr!(lang, "Back at the table.", "Снова за столом."),
            JoinMsg::Lost { reason } => tr!(
                lang,
                "the connection to the server is lost ({reason}); a seat taken stays yours: run the same `liar join` again to come back",
                "связь с сервером потеряна ({reason}); занятое место остаётся за вами: запустите тот же `liar join` снова, чтобы вернуться"
            ),
            JoinMsg::Closed => tr!(
                lang,
                "the server closed the connection",
                "сервер закрыл соединение"
            ),
            JoinMsg::Silent => tr!(
                lang,
                "the server did not answer in time",
                "сервер не ответил вовремя"
            ),
            JoinMsg::Garbled { detail } => tr!(
                lang,
                "The server sent a message this client does not understand (ignored): {detail}",
                "Сервер прислал сообщение, которое клиент не понимает (пропущено): {detail}"
            ),
            JoinMsg::ServerError { code, message } => {
                let why = refusal_text(code, lang);
                tr!(
                    lang,
                    "The server refuses: {why} ({message})",
                    "Сервер отказывает: {why} ({message})"
                )
            }
            JoinMsg::ReplayAt { url } => tr!(
                lang,
                "The replay of this match (every die): {url}",
                "Запись этого матча (все кубики): {url}"
            ),
            JoinMsg::ReplayUnfetched { reason } => tr!(
                lang,
                "(The replay could not be fetched for the summary: {reason}.)",
                "(Запись не удалось скачать для итогов: {reason}.)"
            ),
        }
    }
}

/// What a refusal of the server means, by its code, as `liar join` and
/// the web table say it.
///
/// ```
/// use liar::i18n::{Lang, refusal_text};
/// use liar::online::ErrorCode;
/// assert_eq!(refusal_text(ErrorCode::NotYourTurn, Lang::Ru), "сейчас не ваш ход");
/// ```
pub fn refusal_text(code: ErrorCode, lang: Lang) -> String {
    match code {
        ErrorCode::Malformed => tr!(
            lang,
            "a message it does not understand",
            "непонятное сообщение"
        ),
        ErrorCode::Version => tr!(lang, "another protocol version", "другая версия протокола"),
        ErrorCode::TooLarge => tr!(lang, "a message too large", "слишком большое сообщение"),
        ErrorCode::RateLimited => tr!(
            lang,
            "too many messages at once",
            "слишком много сообщений сразу"
        ),
        ErrorCode::UnknownTable => tr!(lang, "no such table", "такого стола нет"),
        ErrorCode::UnknownPreset => tr!(lang, "no such kind of table", "такого вида стола нет"),
        ErrorCode::TooManyTables => tr!(
            lang,
            "the server has all the tables it may",
            "на сервере уже столько столов, сколько можно"
        ),
        ErrorCode::SeatTaken => tr!(
            lang,
            "that seat is taken (or none is open)",
            "это место занято (или свободных нет)"
        ),
        ErrorCode::BadToken => tr!(lang, "the seat is not yours", "это место не ваше"),
        ErrorCode::NotHost => tr!(
            lang,
            "only the host may do that",
            "это может только хозяин стола"
        ),
        ErrorCode::WrongState => tr!(lang, "not now", "не сейчас"),
        ErrorCode::NotYourTurn => tr!(lang, "it is not your turn", "сейчас не ваш ход"),
        ErrorCode::Illegal => tr!(lang, "that is against the rules", "это против правил"),
        ErrorCode::BadName => tr!(
            lang,
            "that name cannot be used (empty, too long, with invisible characters, or like another name at the table)",
            "такое имя нельзя (пустое, слишком длинное, с невидимыми символами или похожее на имя за столом)"
        ),
    }
}

/// "poker dice, 3 chips, straights below a full house, odd dice break ties".
fn rules_brief(rules: &Rules, lang: Lang) -> String {
    let dice = match rules.dice {
        DiceKind::Poker => tr!(lang, "poker dice", "покерные кубики"),
        DiceKind::Standard => tr!(lang, "ordinary dice", "обычные кубики"),
    };
    let chips = count(u64::from(rules.chips), Noun::Chip, lang);
    let straights = match rules.straights {
        Straights::BelowFullHouse => tr!(
            lang,
            "straights below a full house",
            "стриты ниже фул-хауса"
        ),
        Straights::AboveFullHouse => tr!(
            lang,
            "straights above a full house",
            "стриты выше фул-хауса"
        ),
        Straights::None => tr!(lang, "no straights", "без стритов"),
    };
    let kickers = if rules.kickers {
        tr!(lang, "odd dice break ties", "непарные кубики решают ничьи")
    } else {
        tr!(lang, "odd dice do not count", "непарные кубики не в счёт")
    };
    format!("{dice}, {chips}, {straights}, {kickers}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_said_in_both_languages() {
        for code in ErrorCode::ALL {
            let (en, ru) = (refusal_text(code, Lang::En), refusal_text(code, Lang::Ru));
            assert!(!en.is_empty() && en != ru, "{code:?}");
        }
    }

    #[test]
    fn the_rules_fit_one_line() {
        let brief = JoinMsg::RulesBrief(Rules::default()).text(Lang::En);
        assert_eq!(
            brief,
            "poker dice, 3 chips, straights below a full house, odd dice break ties"
        );
        let ru = JoinMsg::RulesBrief(Rules::default()).text(Lang::Ru);
        assert!(ru.starts_with("покерные кубики, 3 фишки"), "{ru}");
    }
}
