//! Before the table: coming back to a saved seat, the lobby (which table,
//! or a new one from a preset), the name, and taking the seat.

use super::link::Comeback;
use super::session::{Answer, Session};
use super::tokens::SavedSeat;
use crate::app::Failure;
use crate::human::Style;
use crate::i18n::{JoinMsg, Msg};
use crate::online::{
    ClientMsg, ErrorCode, Occupant, SeatSummary, ServerMsg, TableId, TableSummary,
};
use crate::rules::Seat;

/// The longest name sent (the server has its own limit too).
const NAME_MAX: usize = 32;

impl Session {
    /// Comes back to a seat saved on this computer account at `table` (or
    /// at any table of this server), `seat` if given: the person's own when
    /// `name` says who they are, else the one they choose when asked (a
    /// seat is never taken back for someone silently: people may share an
    /// account). `Some(seat)` when the server takes the token; its view of
    /// the table is the next message. A token refused is forgotten.
    pub fn resume_saved(
        &mut self,
        table: Option<TableId>,
        seat: Option<Seat>,
        name: Option<&str>,
    ) -> Result<Option<(TableId, Seat)>, Failure> {
        let Some(tokens) = &self.tokens else {
            return Ok(None);
        };
        let mut found = tokens.seats(&self.address.host, table);
        found.retain(|(_, s)| seat.is_none_or(|wanted| s.seat == wanted));
        if let Some(name) = name {
            found.retain(|(_, s)| s.taken_by(name));
        }
        let chosen = match (name, found.first()) {
            (_, None) => None,
            (Some(_), Some(own)) => Some(own.clone()),
            (None, Some(_)) => self.choose_saved(&found)?,
        };
        let Some((table, saved)) = chosen else {
            return Ok(None);
        };
        self.person = saved.name.clone().or(name.map(str::to_string));
        self.held = Some((table, saved.seat));
        self.say(Style::Hint, JoinMsg::Resuming { table });
        self.link.send(ClientMsg::Resume {
            table,
            token: saved.token.clone(),
        });
        loop {
            match self.next()? {
                ServerMsg::State(state) if state.table.id == table => {
                    let Some(you) = state.you else {
                        break;
                    };
                    self.link
                        .set_comeback(Some(Comeback::Seat(table, saved.token.clone())));
                    self.put_back(ServerMsg::State(state));
                    return Ok(Some((table, you)));
                }
                ServerMsg::Seated {
                    table: t,
                    seat,
                    token,
                } if t == table => self.save_seat(table, seat, &token),
                ServerMsg::Error { code, message } => {
                    self.say(
                        Style::Error,
                        JoinMsg::ServerError {
                            code,
                            message: &message,
                        },
                    );
                    break;
                }
                _ => {}
            }
        }
        self.say(Style::Hint, JoinMsg::TokenDropped { table });
        self.forget_seat(table);
        Ok(None)
    }

    /// Which of the seats saved on this account is the person's: asked,
    /// never guessed. `None`: none, a new seat.
    fn choose_saved(
        &mut self,
        found: &[(TableId, SavedSeat)],
    ) -> Result<Option<(TableId, SavedSeat)>, Failure> {
        let lang = self.lang;
        let someone = JoinMsg::SomeoneUnnamed.text(lang);
        let name_of = |s: &SavedSeat| s.name.clone().unwrap_or_else(|| someone.clone());
        let question = match found {
            [(table, one)] => JoinMsg::AskResumeOne {
                name: &name_of(one),
                seat: one.seat.saturating_add(1),
                table: *table,
            }
            .text(lang),
            _ => {
                let list: Vec<String> = found
                    .iter()
                    .enumerate()
                    .map(|(i, (table, s))| {
                        JoinMsg::SavedSeatItem {
                            n: i + 1,
                            name: &name_of(s),
                            seat: s.seat.saturating_add(1),
                            table: *table,
                        }
                        .text(lang)
                    })
                    .collect();
                JoinMsg::AskResumeWhich {
                    list: &list.join("; "),
                }
                .text(lang)
            }
        };
        loop {
            let text = match self.ask(&question)? {
                Answer::Line(text) => text.trim().to_lowercase(),
                Answer::Withdrawn => continue,
                Answer::Ended => return Err(self.input_ended()),
            };
            let new = ["n", "no", "new", "н", "нет", "новое", "новый"].contains(&text.as_str());
            if found.len() == 1 {
                let yes = text.is_empty() || ["y", "yes", "д", "да"].contains(&text.as_str());
                if yes {
                    return Ok(found.first().cloned());
                }
                if new {
                    return Ok(None);
                }
            } else if new {
                return Ok(None);
            } else if let Some(i) = text.parse::<usize>().ok().and_then(|n| n.checked_sub(1))
                && let Some(pick) = found.get(i)
            {
                return Ok(Some(pick.clone()));
            }
            self.say(Style::Error, JoinMsg::NotASavedSeat { text: &text });
        }
    }

    /// Takes a seat: at `table` (else one chosen in the lobby), `seat` (else
    /// the first open one), with `name` (else asked). A refusal is said and
    /// the lobby shown.
    pub fn sit(
        &mut self,
        mut table: Option<TableId>,
        mut seat: Option<Seat>,
        mut name: Option<String>,
    ) -> Result<(TableId, Seat), Failure> {
        loop {
            let chosen = match table {
                Some(t) => t,
                None => self.choose_table()?,
            };
            let who = match &name {
                Some(n) => n.clone(),
                None => self.ask_name()?,
            };
            name = Some(who.clone());
            self.person = Some(who.clone());
            self.link.send(ClientMsg::TakeSeat {
                table: chosen,
                seat,
                name: who,
            });
            loop {
                match self.next()? {
                    ServerMsg::Seated {
                        table: t,
                        seat: s,
                        token,
                    } => {
                        self.save_seat(t, s, &token);
                        self.link.set_comeback(Some(Comeback::Seat(t, token)));
                        self.say(
                            Style::Heading,
                            JoinMsg::Seated {
                                table: t,
                                seat: s.saturating_add(1),
                            },
                        );
                        return Ok((t, s));
                    }
                    ServerMsg::Error { code, message } => {
                        self.say(
                            Style::Error,
                            JoinMsg::ServerError {
                                code,
                                message: &message,
                            },
                        );
                        if code == ErrorCode::BadName {
                            name = None;
                        } else {
                            table = None;
                            seat = None;
                        }
                        break;
                    }
                    _ => {}
                }
            }
        }
    }

    /// Watches `table` (else one chosen in the lobby).
    pub fn spectate(&mut self, table: Option<TableId>) -> Result<TableId, Failure> {
        let table = match table {
            Some(t) => t,
            None => self.choose_table()?,
        };
        self.link.send(ClientMsg::Spectate { table });
        self.link.set_comeback(Some(Comeback::Watch(table)));
        self.say(Style::Heading, JoinMsg::Spectating { table });
        Ok(table)
    }

    /// The lobby: its tables, and which the person chooses (or makes).
    fn choose_table(&mut self) -> Result<TableId, Failure> {
        self.link.send(ClientMsg::ListTables);
        let tables = loop {
            match self.next()? {
                ServerMsg::Tables { tables } => break tables,
                ServerMsg::Error { code, message } => {
                    self.say(
                        Style::Error,
                        JoinMsg::ServerError {
                            code,
                            message: &message,
                        },
                    );
                }
                _ => {}
            }
        };
        self.show_lobby(&tables);
        loop {
            let question = JoinMsg::AskTable.text(self.lang);
            let text = match self.ask(&question)? {
                Answer::Line(text) => text,
                Answer::Withdrawn => continue,
                Answer::Ended => return Err(self.input_ended()),
            };
            let text = text.trim().to_lowercase();
            if ["n", "new", "н", "новый"].contains(&text.as_str()) {
                match self.create(&tables)? {
                    Some(id) => return Ok(id),
                    None => continue,
                }
            }
            match text.parse::<TableId>() {
                Ok(id) => return Ok(id),
                Err(_) => self.say(Style::Error, JoinMsg::NotATable { text: &text }),
            }
        }
    }

    /// The tables, their rules and seats.
    fn show_lobby(&self, tables: &[TableSummary]) {
        let lang = self.lang;
        let mut lines = vec![(Style::Heading, JoinMsg::LobbyHeader.text(lang))];
        if tables.is_empty() {
            lines.push((Style::Hint, JoinMsg::LobbyEmpty.text(lang)));
        }
        for table in tables {
            lines.push((
                Style::Plain,
                JoinMsg::LobbyTable {
                    id: table.id,
                    name: &table.name,
                    phase: &JoinMsg::Phase(table.phase).text(lang),
                    rules: &JoinMsg::RulesBrief(table.rules).text(lang),
                    games: table.games,
                    turn_seconds: table.turn_seconds,
                }
                .text(lang),
            ));
            lines.push((Style::Hint, self.seats_line(&table.seats, None)));
        }
        let mut console = self.console.borrow_mut();
        for (style, text) in lines {
            console.line(style, &text);
        }
    }

    /// A table's seats in one line, counted from 1.
    pub fn seats_line(&self, seats: &[SeatSummary], you: Option<Seat>) -> String {
        let lang = self.lang;
        let list: Vec<String> = seats
            .iter()
            .map(|s| {
                let seat = s.seat.saturating_add(1);
                match s.occupant {
                    Occupant::Open => JoinMsg::SeatOpen { seat },
                    Occupant::Bot => JoinMsg::SeatBot {
                        seat,
                        name: &s.name,
                    },
                    Occupant::Person => JoinMsg::SeatPerson {
                        seat,
                        name: &s.name,
                        you: you == Some(s.seat),
                        connected: s.connected,
                        bot_playing: s.bot_playing,
                    },
                }
                .text(lang)
            })
            .collect();
        JoinMsg::Seats {
            list: &list.join(", "),
        }
        .text(lang)
    }

    /// A new table from a preset: its number once the lobby lists it, or
    /// `None` to choose again.
    fn create(&mut self, known: &[TableSummary]) -> Result<Option<TableId>, Failure> {
        let preset = match self.presets.len() {
            0 => {
                self.say(Style::Error, JoinMsg::NoPresets);
                return Ok(None);
            }
            1 => self.presets[0].clone(),
            _ => self.choose_preset()?,
        };
        self.link
            .send(ClientMsg::CreateTable { preset, name: None });
        loop {
            match self.next()? {
                // The server shows its new table to whoever made it (the
                // lobby's lists may name tables others made meanwhile).
                ServerMsg::State(state) if known.iter().all(|k| k.id != state.table.id) => {
                    let id = state.table.id;
                    self.say(Style::Hint, JoinMsg::Created { id });
                    return Ok(Some(id));
                }
                ServerMsg::Error { code, message } => {
                    self.say(
                        Style::Error,
                        JoinMsg::ServerError {
                            code,
                            message: &message,
                        },
                    );
                    return Ok(None);
                }
                _ => {}
            }
        }
    }

    /// Which preset: by number or name.
    fn choose_preset(&mut self) -> Result<String, Failure> {
        let list: Vec<String> = (1..)
            .zip(&self.presets)
            .map(|(n, name)| format!("{n} {}", JoinMsg::PresetName { name }.text(self.lang)))
            .collect();
        let question = JoinMsg::AskPreset {
            list: &list.join(", "),
        }
        .text(self.lang);
        loop {
            let text = match self.ask(&question)? {
                Answer::Line(text) => text,
                Answer::Withdrawn => continue,
                Answer::Ended => return Err(self.input_ended()),
            };
            let text = text.trim();
            let by_number = text
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| self.presets.get(i));
            let by_name = self.presets.iter().find(|p| p.eq_ignore_ascii_case(text));
            match by_number.or(by_name) {
                Some(preset) => return Ok(preset.clone()),
                None => self.say(Style::Error, JoinMsg::NotAPreset { text }),
            }
        }
    }

    /// The name to sit with; a bare Enter takes the user's name.
    fn ask_name(&mut self) -> Result<String, Failure> {
        let default = default_name(self.lang);
        let question = JoinMsg::AskName { default: &default }.text(self.lang);
        loop {
            match self.ask(&question)? {
                Answer::Line(text) if text.trim().is_empty() => return Ok(default),
                Answer::Line(text) => {
                    return Ok(crate::text::shorten(text.trim(), NAME_MAX));
                }
                Answer::Withdrawn => continue,
                Answer::Ended => return Err(self.input_ended()),
            }
        }
    }

    /// The failure input ending before the table ends the run with.
    pub fn input_ended(&self) -> Failure {
        Failure::Online(Msg::InputEnded.text(self.lang))
    }
}

/// The user's name from the environment, or a plain word.
fn default_name(lang: crate::i18n::Lang) -> String {
    ["USER", "USERNAME", "LOGNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|v| v.trim().to_string())
        .find(|v| !v.is_empty() && !v.chars().any(char::is_control))
        .map(|v| crate::text::shorten(&v, NAME_MAX))
        .unwrap_or_else(|| match lang {
            crate::i18n::Lang::En => "Player".into(),
            crate::i18n::Lang::Ru => "Игрок".into(),
        })
}
