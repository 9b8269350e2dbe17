//! What every stage of `liar join` shares: the console, the language, the
//! connection's thread, the saved seats, and reading what comes next from
//! the server (connection troubles said on the way).

use super::address::Address;
use super::link::{Incoming, Link};
use super::tokens::Tokens;
use crate::app::Failure;
use crate::human::{SharedConsole, Style};
use crate::i18n::{JoinMsg, Lang};
use crate::online::{ClientError, ServerMsg, TableId};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// One run of `liar join`.
pub struct Session {
    /// The terminal.
    pub console: SharedConsole,
    /// The language spoken.
    pub lang: Lang,
    /// Whether the person chose it (`--lang`): a table's own is not taken.
    pub lang_chosen: bool,
    /// The server.
    pub address: Address,
    /// The connection.
    pub link: Link,
    /// The saved seats, if the system names a data folder.
    pub tokens: Option<Tokens>,
    /// Ctrl-C.
    pub stop: Arc<AtomicBool>,
    /// The console's withdraw flag.
    pub withdraw: Arc<AtomicBool>,
    /// Presets the server offers.
    pub presets: Vec<String>,
    /// The name the person plays under, once known (saved seats are kept
    /// by it: people sharing a computer account keep their own).
    pub person: Option<String>,
    /// The seat held, once taken or resumed.
    pub(super) held: Option<(TableId, usize)>,
    /// What was read from the connection and not yet handled.
    backlog: VecDeque<Incoming>,
}

/// How a question at the terminal ended.
pub enum Answer {
    /// A line.
    Line(String),
    /// News from the server settled the question: handle it, then ask again.
    Withdrawn,
    /// Input ended (Ctrl-D).
    Ended,
}

impl Session {
    /// A session over an open link.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        console: SharedConsole,
        lang: Lang,
        address: Address,
        link: Link,
        stop: Arc<AtomicBool>,
        withdraw: Arc<AtomicBool>,
        presets: Vec<String>,
    ) -> Session {
        Session {
            console,
            lang,
            lang_chosen: false,
            address,
            link,
            tokens: Tokens::in_data_folder(),
            stop,
            withdraw,
            presets,
            person: None,
            held: None,
            backlog: VecDeque::new(),
        }
    }

    /// Speaks the table's language from now on, unless the person chose one.
    pub fn adopt_lang(&mut self, table: Option<Lang>) {
        if let Some(lang) = table
            && !self.lang_chosen
            && lang != self.lang
        {
            self.lang = lang;
            crate::app::interrupt::speak(lang);
        }
    }

    /// Writes a line.
    pub fn say(&self, style: Style, msg: JoinMsg<'_>) {
        let text = msg.text(self.lang);
        let mut console = self.console.borrow_mut();
        console.line(style, &text);
        console.flush();
    }

    /// The next message from the server. Connection troubles are said on
    /// the way; a lost connection or Ctrl-C ends the run.
    pub fn next(&mut self) -> Result<ServerMsg, Failure> {
        loop {
            let incoming = match self.backlog.pop_front() {
                Some(incoming) => incoming,
                None => self.link.recv(&self.stop).ok_or(Failure::LeftOnline)?,
            };
            match incoming {
                Incoming::Msg(msg) => return Ok(msg),
                Incoming::Garbled(detail) => {
                    let detail = crate::text::shorten(&detail, 200);
                    self.say(Style::Error, JoinMsg::Garbled { detail: &detail });
                }
                Incoming::Reconnecting { attempt, max } => {
                    self.say(Style::Hint, JoinMsg::Reconnecting { attempt, max });
                }
                Incoming::Reconnected => self.say(Style::Hint, JoinMsg::Reconnected),
                Incoming::Lost(why) => return Err(self.lost(&why)),
            }
        }
    }

    /// Hands `msg` back, to be the next message read.
    pub fn put_back(&mut self, msg: ServerMsg) {
        self.backlog.push_front(Incoming::Msg(msg));
    }

    /// The failure a lost connection ends the run with.
    pub fn lost(&self, why: &ClientError) -> Failure {
        let reason = match why {
            ClientError::Closed => JoinMsg::Closed.text(self.lang),
            ClientError::TimedOut => JoinMsg::Silent.text(self.lang),
            other => other.to_string(),
        };
        Failure::Online(JoinMsg::Lost { reason: &reason }.text(self.lang))
    }

    /// Clears the withdraw flag before a question, unless news that
    /// settles it is waiting already: then `false`, and it is handled
    /// first.
    pub fn may_ask(&mut self) -> bool {
        self.withdraw.store(false, Ordering::SeqCst);
        !self.news_waiting()
    }

    /// Whether news that settles a question has come and waits to be
    /// handled. A question withdrawn without such news (the flag raised
    /// for news handled just before it was asked) is asked again.
    pub fn news_waiting(&mut self) -> bool {
        while let Some(incoming) = self.link.try_recv() {
            self.backlog.push_back(incoming);
        }
        let mode = self.link.mode();
        self.backlog.iter().any(|incoming| mode.settles(incoming))
    }

    /// Asks `question` and reads the answer.
    pub fn ask(&mut self, question: &str) -> Result<Answer, Failure> {
        loop {
            match self.ask_once(question)? {
                Answer::Withdrawn if !self.news_waiting() => continue,
                answer => return Ok(answer),
            }
        }
    }

    fn ask_once(&mut self, question: &str) -> Result<Answer, Failure> {
        if !self.may_ask() {
            return Ok(Answer::Withdrawn);
        }
        let line = {
            let mut console = self.console.borrow_mut();
            console.discard_typed_ahead();
            console.line(Style::Question, question);
            console.prompt("> ");
            console.read_line()
        };
        match line {
            Some(line) => Ok(Answer::Line(line)),
            None => {
                let mut console = self.console.borrow_mut();
                if console.stopped() {
                    console.blank();
                    return Err(Failure::LeftOnline);
                }
                if console.withdrawn() {
                    console.blank();
                    return Ok(Answer::Withdrawn);
                }
                Ok(Answer::Ended)
            }
        }
    }

    /// Saves the seat held at `table`, under the person's name. A file
    /// that cannot be written costs only the coming back, so it is said
    /// and play goes on.
    pub fn save_seat(&mut self, table: TableId, seat: usize, token: &str) {
        self.held = Some((table, seat));
        let name = self.person.clone().unwrap_or_default();
        if let Some(tokens) = &self.tokens
            && let Err(e) = tokens.save(&self.address.host, table, seat, token, &name)
        {
            crate::app::stdout::note(&format!("liar: tokens.json: {e}"));
        }
    }

    /// Forgets the seat held at `table` (no one else's).
    pub fn forget_seat(&self, table: TableId) {
        let Some((_, seat)) = self.held.filter(|(t, _)| *t == table) else {
            return;
        };
        if let Some(tokens) = &self.tokens
            && let Err(e) = tokens.remove(&self.address.host, table, seat)
        {
            crate::app::stdout::note(&format!("liar: tokens.json: {e}"));
        }
    }
}
