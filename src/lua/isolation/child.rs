//! The child process's side: confine itself, then serve one bot's requests
//! until the engine closes the pipe. The bot runs in an ordinary
//! [`LuaBot`], so it plays exactly as it would in the engine's process.

use super::confine;
use super::wire::{OwnedView, Reply, Report, Request, read_frame, write_frame};
use crate::engine::{MatchInfo, Player, PlayerError, SeatInfo};
use crate::lua::{BotLoadError, LuaBot};
use crate::rules::Rules;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::os::fd::FromRawFd;
use std::time::Duration;

/// Exit status when the child could not confine itself.
pub(crate) const EXIT_CONFINE: i32 = 70;
/// Exit status when a request was malformed or a pipe broke.
const EXIT_PROTOCOL: i32 = 71;

/// Serves a bot over standard input and output. `memory_bytes` and `wall`
/// size the process's own limits; `parent` is the engine's process id (the
/// child dies with it). Returns the exit status.
pub fn serve(memory_bytes: u64, wall: Duration, parent: u32) -> i32 {
    // Nothing may be read before the process is confined.
    let Ok(mut cpu) = confine::confine(memory_bytes, wall, parent) else {
        return EXIT_CONFINE;
    };
    // SAFETY: descriptors 0 and 1 are the pipes the engine gave this
    // process, and nothing else in it uses them.
    let (input, output) = unsafe { (File::from_raw_fd(0), File::from_raw_fd(1)) };
    let mut input = BufReader::new(input);
    let mut output = BufWriter::new(output);
    let mut host = Host::default();
    loop {
        let frame = match read_frame(&mut input) {
            Ok(Some(f)) => f,
            Ok(None) => return 0,
            Err(_) => return EXIT_PROTOCOL,
        };
        let Some(request) = Request::decode(&frame) else {
            return EXIT_PROTOCOL;
        };
        // A failure to move the CPU limit only leaves the old one in force.
        let _ = cpu.renew();
        let reply = host.serve(request);
        // Every reply goes out as soon as it is made, never after the rest
        // of its batch: the engine times each request from the reply
        // before it, so a reply held back would eat into the next call's
        // time (and its death would be blamed on the wrong request).
        if write_frame(&mut output, &reply.encode()).is_err() || output.flush().is_err() {
            return EXIT_PROTOCOL;
        }
    }
}

/// The bot and what the current match told it.
#[derive(Default)]
struct Host {
    bot: Option<LuaBot>,
    rules: Rules,
    /// The last view (its history grows between decisions).
    view: OwnedView,
}

impl Host {
    fn serve(&mut self, request: Request) -> Reply {
        match request {
            Request::Load {
                chunk,
                code,
                params,
                limits,
            } => match LuaBot::with_params(&chunk, code, &params, &limits) {
                Ok(bot) => {
                    let reply = Reply::Loaded {
                        name: bot.name().map(str::to_string),
                        observes: bot.wants_events(),
                        memory: bot.memory_used(),
                    };
                    self.bot = Some(bot);
                    reply
                }
                Err(e) => Reply::LoadFailed {
                    reason: match &e {
                        BotLoadError::Failed { reason, .. } => Some(*reason),
                        _ => None,
                    },
                    message: e.to_string(),
                    russian: e.text(crate::rules::Lang::Ru),
                },
            },
            Request::BeginMatch {
                seat,
                games,
                seed,
                rules,
                seats,
                bank,
            } => {
                self.rules = rules;
                self.view = OwnedView::default();
                self.with_bot(|bot, rules| {
                    bot.begin_match(&MatchInfo {
                        seat,
                        seats: &seats as &[SeatInfo],
                        rules,
                        games,
                        seed,
                    });
                    if let Some(bank) = bank {
                        bot.resume_bank(bank);
                    }
                })
            }
            Request::BeginGame { game, seed } => self.with_bot(|bot, _| bot.begin_game(game, seed)),
            Request::Observe(event) => self.with_bot(|bot, _| bot.observe(&event)),
            Request::EndMatch => match self.bot.as_mut() {
                Some(bot) => match bot.end_match() {
                    Some(
                        PlayerError::Failed { reason, detail }
                        | PlayerError::Spent { reason, detail },
                    ) => Reply::Decided {
                        answer: Err((reason, detail)),
                        report: report(bot),
                    },
                    _ => Reply::Done(report(bot)),
                },
                None => Reply::Done(Report::default()),
            },
            Request::Decide(view) => {
                if !self.view.update(view) {
                    return Reply::LoadFailed {
                        reason: None,
                        message: "a view's history did not follow the last one".into(),
                        russian: "история вида не продолжает предыдущую".into(),
                    };
                }
                let Some(bot) = self.bot.as_mut() else {
                    return Reply::LoadFailed {
                        reason: None,
                        message: "no bot is loaded".into(),
                        russian: "бот не загружен".into(),
                    };
                };
                let answer = match bot.decide(&self.view.view(&self.rules)) {
                    Ok(d) => Ok(d),
                    // (Whether it ran the bank dry goes in the report.)
                    Err(
                        PlayerError::Failed { reason, detail }
                        | PlayerError::Spent { reason, detail },
                    ) => Err((reason, detail)),
                    Err(PlayerError::Quit) => Err((
                        crate::engine::PenaltyReason::Error,
                        "the bot left the table".into(),
                    )),
                };
                Reply::Decided {
                    answer,
                    report: report(bot),
                }
            }
        }
    }

    /// Runs `f` on the loaded bot and reports.
    fn with_bot(&mut self, f: impl FnOnce(&mut LuaBot, &Rules)) -> Reply {
        match self.bot.as_mut() {
            Some(bot) => {
                f(bot, &self.rules);
                Reply::Done(report(bot))
            }
            None => Reply::LoadFailed {
                reason: None,
                message: "no bot is loaded".into(),
                russian: "бот не загружен".into(),
            },
        }
    }
}

fn report(bot: &mut LuaBot) -> Report {
    let mut logs = Vec::new();
    bot.take_logs(&mut logs);
    Report {
        logs,
        stats: bot.stats().clone(),
        memory: bot.memory_used(),
        bank: bot.bank(),
    }
}
