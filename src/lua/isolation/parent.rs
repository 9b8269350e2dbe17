//! [`ProcessBot`]: the engine's side of a bot that runs in a child process.

use super::wire::{Reply, Report, Request, split_frame, view_request, write_frame};
use crate::engine::{MatchInfo, PenaltyReason, Player, PlayerError, PublicEvent};
use crate::lua::bank::{self, Bank};
use crate::lua::failure::{Failure, bytes};
use crate::lua::hook::{Interrupt, hard_limit};
use crate::lua::{BotLimits, BotLoadError, BotStats, Overrun, code_hash};
use crate::rules::{Decision, DecisionKind, SeatView};
use crate::setup::BotParams;
use crate::text::cut_bytes;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The hidden subcommand of `liar` that serves a bot (see [`super::serve`]).
pub const HOST_COMMAND: &str = "bot-host";

/// Requests the engine lets pile up (events to observe) before it sends
/// them and waits for the child to catch up: a batch and its replies stay
/// well within what a pipe holds, so neither side ever blocks writing.
const MAX_UNREAD: usize = 64;

/// How long past its own limit a call may go before its process is killed.
/// The sandbox inside the child normally stops the call at the limit; this
/// is for calls it cannot stop.
fn grace(wall: Duration) -> Duration {
    (wall / 2).max(Duration::from_millis(250))
}

/// A request whose reply is not read yet, and how long it may take.
struct Unread {
    /// When it went out (`None` while it waits in the outbox).
    sent: Option<Instant>,
    allowance: Duration,
    what: &'static str,
}

/// A live child and its pipes.
struct Conn {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    /// Requests not sent yet: they go out together, in one write, when a
    /// reply is needed.
    outbox: Vec<u8>,
    buf: Vec<u8>,
    unread: VecDeque<Unread>,
    /// When the last reply was read (the next one is timed from then).
    last_reply: Instant,
    /// The round whose history the child has, and how much of it.
    history: Option<((u32, u32), usize)>,
    /// Past the oldest reply's deadline: when the child's processor time
    /// was last read, and what it was (see [`Conn::starved`]).
    probe: Option<(Instant, Duration)>,
}

/// How long the engine watches a child past a deadline before it decides
/// whether the child is stuck or only waiting for the processor.
const PROBE: Duration = Duration::from_millis(200);

/// The processor time (user and system) the process `pid` has used, from
/// `/proc/PID/stat`; `None` if it cannot be read.
fn process_cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses and may
    // hold anything: utime and stime are the 12th and 13th of them.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let ticks = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok()?;
    let ticks = ticks.max(1);
    Some(Duration::from_micros(
        (utime + stime).saturating_mul(1_000_000) / ticks,
    ))
}

/// How a child ended while the engine waited for it.
enum Death {
    /// It overran; the engine killed it.
    Overran(&'static str),
    /// It exited or was killed by something else.
    Ended(std::process::ExitStatus),
    /// It sent bytes that are not a reply.
    Garbage,
    /// A pipe failed.
    Pipe(std::io::Error),
}

impl Conn {
    fn spawn(program: &PathBuf, limits: &BotLimits) -> std::io::Result<Conn> {
        let mut child = Command::new(program)
            .arg(HOST_COMMAND)
            .arg("--memory-bytes")
            .arg(limits.memory_bytes().to_string())
            .arg("--wall-ms")
            .arg(limits.wall_ms.to_string())
            .arg("--parent-pid")
            .arg(std::process::id().to_string())
            .env_clear()
            .current_dir("/")
            // Its own process group: Ctrl-C at the terminal stops the
            // engine, which ends the match cleanly, not the bots under it.
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("the child's pipes are missing"));
        };
        Ok(Conn {
            child,
            stdin,
            stdout,
            outbox: Vec::new(),
            buf: Vec::new(),
            unread: VecDeque::new(),
            last_reply: Instant::now(),
            history: None,
            probe: None,
        })
    }

    /// Puts a request in the outbox.
    fn queue(&mut self, body: &[u8], allowance: Duration, what: &'static str) {
        // Writing to a Vec cannot fail.
        let _ = write_frame(&mut self.outbox, body);
        self.unread.push_back(Unread {
            sent: None,
            allowance,
            what,
        });
    }

    /// Puts a view in the outbox, with only the part of its history that
    /// the child does not have yet.
    fn queue_view(&mut self, view: &SeatView<'_>, allowance: Duration) {
        let round = (view.game, view.round);
        let from = match self.history {
            Some((r, n)) if r == round && n <= view.history.len() => n,
            _ => 0,
        };
        self.history = Some((round, view.history.len()));
        // Named after the bot's function, as thread isolation names it.
        let what = match view.decision {
            Some(DecisionKind::Respond) => "in challenge",
            Some(DecisionKind::Reroll) => "in reroll",
            Some(DecisionKind::Claim) => "in claim",
            None => "deciding",
        };
        self.queue(&view_request(view, from), allowance, what);
    }

    /// Sends what is in the outbox.
    fn flush(&mut self) -> Result<(), Death> {
        if self.outbox.is_empty() {
            return Ok(());
        }
        if let Err(e) = self.stdin.write_all(&self.outbox) {
            // A broken pipe: the child is gone; say how it ended.
            return Err(if e.kind() == std::io::ErrorKind::BrokenPipe {
                self.ended()
            } else {
                Death::Pipe(e)
            });
        }
        self.outbox.clear();
        let now = Instant::now();
        for u in self.unread.iter_mut().filter(|u| u.sent.is_none()) {
            u.sent = Some(now);
        }
        Ok(())
    }

    /// The deadline of the oldest unread reply (each reply is timed from
    /// its request or from the reply before it, whichever came later).
    fn deadline(&self) -> Option<(Instant, &'static str)> {
        let u = self.unread.front()?;
        let sent = u.sent.unwrap_or_else(Instant::now).max(self.last_reply);
        // (A limit so large that the deadline is past representing never comes.)
        let far = sent + Duration::from_secs(1 << 32);
        Some((sent.checked_add(u.allowance).unwrap_or(far), u.what))
    }

    /// The next reply owed; waits at most until its deadline.
    fn next_reply(&mut self) -> Result<Reply, Death> {
        self.flush()?;
        loop {
            match split_frame(&mut self.buf) {
                Ok(Some(frame)) => {
                    self.unread.pop_front();
                    self.last_reply = Instant::now();
                    self.probe = None;
                    return Reply::decode(&frame).ok_or(Death::Garbage);
                }
                Ok(None) => {}
                Err(_) => return Err(Death::Garbage),
            }
            let Some((deadline, what)) = self.deadline() else {
                return Err(Death::Pipe(std::io::Error::other("no reply is owed")));
            };
            let now = Instant::now();
            if now >= deadline {
                // A reply may have come while this process was not looking.
                if self.buf.len() < 4 && readable(&self.stdout, Duration::ZERO).unwrap_or(false) {
                    self.read_some()?;
                    continue;
                }
                match self.starved(now, deadline) {
                    Some(wait) => {
                        if readable(&self.stdout, wait).map_err(Death::Pipe)? {
                            self.read_some()?;
                        }
                        continue;
                    }
                    None => return Err(Death::Overran(what)),
                }
            }
            if readable(&self.stdout, deadline - now).map_err(Death::Pipe)? {
                self.read_some()?;
            }
        }
    }

    /// Past the oldest reply's `deadline`, at `now`: how much longer to
    /// wait for the child, if it is only starved of the processor (a busy
    /// machine), or `None` to kill it. The child's own sandbox stops a call
    /// at its limit of processor time, so a child that still runs at full
    /// speed past the deadline is stuck where that cannot reach; one that
    /// got under half of the processor while watched for [`PROBE`] is
    /// waiting its turn, and is watched again, up to [`hard_limit`] of its
    /// allowance.
    fn starved(&mut self, now: Instant, deadline: Instant) -> Option<Duration> {
        let allowance = self.unread.front()?.allowance;
        // The sandbox's own wall-clock bound, applied to the allowance.
        let cap = deadline.checked_add(hard_limit(allowance).saturating_sub(allowance))?;
        let cpu = process_cpu(self.child.id())?;
        match self.probe {
            Some((since, before)) if now >= since + PROBE => {
                let used = cpu.saturating_sub(before);
                if used * 2 >= now - since || now >= cap {
                    return None;
                }
                self.probe = Some((now, cpu));
                Some(PROBE)
            }
            Some((since, _)) => Some(since + PROBE - now),
            None => {
                self.probe = Some((now, cpu));
                Some(PROBE)
            }
        }
    }

    /// Reads what the child wrote (at least a byte is there to read).
    fn read_some(&mut self) -> Result<(), Death> {
        let mut chunk = [0u8; 8192];
        match self.stdout.read(&mut chunk) {
            Ok(0) => Err(self.ended()),
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => Ok(()),
            Err(e) => Err(Death::Pipe(e)),
        }
    }

    /// The child closed its pipe: how it ended. A child that closed the
    /// pipe but still lives after a moment is killed (it could otherwise
    /// keep the engine waiting for ever).
    fn ended(&mut self) -> Death {
        for _ in 0..200 {
            match self.child.try_wait() {
                Ok(Some(status)) => return Death::Ended(status),
                Ok(None) => std::thread::sleep(Duration::from_millis(1)),
                Err(e) => return Death::Pipe(e),
            }
        }
        let _ = self.child.kill();
        match self.child.wait() {
            Ok(status) => Death::Ended(status),
            Err(e) => Death::Pipe(e),
        }
    }

    /// Kills the child and waits for it (never blocks for long: SIGKILL
    /// cannot be ignored).
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits up to `wait` for `fd` to have bytes (or an end) to read.
fn readable(fd: &impl AsRawFd, wait: Duration) -> std::io::Result<bool> {
    let mut p = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = i32::try_from(wait.as_millis().min(60_000)).unwrap_or(60_000);
    // Round up, so a wait of a fraction of a millisecond still waits.
    let ms = if wait > Duration::from_millis(ms as u64) {
        ms + 1
    } else {
        ms
    };
    // SAFETY: one valid pollfd.
    let n = unsafe { libc::poll(&mut p, 1, ms) };
    if n < 0 {
        let e = std::io::Error::last_os_error();
        if e.kind() == std::io::ErrorKind::Interrupted {
            return Ok(false);
        }
        return Err(e);
    }
    Ok(n > 0)
}

/// A Lua bot played in a child process of its own (`liar bot-host`),
/// confined by resource limits and a system-call filter, and killed with
/// `SIGKILL` when a call overruns its wall-clock limit by more than a grace
/// period, whatever it is doing. The seat then gets a `timeout` penalty,
/// and the bot goes on in a new process: what it had in memory is lost.
///
/// It plays exactly as a [`crate::lua::LuaBot`] in the engine's own
/// process: the child runs one.
pub struct ProcessBot {
    program: PathBuf,
    chunk: String,
    code: Vec<u8>,
    /// [`code_hash`] of `code`.
    hash: String,
    params: BotParams,
    limits: BotLimits,
    name: Option<String>,
    observes: bool,
    conn: Option<Conn>,
    /// The current match's request, to start it again in a new process.
    match_request: Option<Request>,
    /// The bot's match bank as its process last told it.
    bank: Option<Bank>,
    game: Option<(u32, u64)>,
    logs: Vec<String>,
    /// A failure to report at the next decision.
    pending: Option<Failure>,
    /// Figures of the processes that ended, and of the live one.
    ended: BotStats,
    live: BotStats,
    memory: u64,
}

impl ProcessBot {
    /// Starts a child process running `program` (the `liar` binary) and
    /// loads the bot in it.
    pub fn load(
        program: PathBuf,
        chunk: &str,
        code: Vec<u8>,
        params: &BotParams,
        limits: &BotLimits,
    ) -> Result<ProcessBot, BotLoadError> {
        let mut bot = ProcessBot {
            program,
            chunk: chunk.to_string(),
            hash: code_hash(&code),
            code,
            params: params.clone(),
            limits: *limits,
            name: None,
            observes: false,
            conn: None,
            match_request: None,
            bank: None,
            game: None,
            logs: Vec::new(),
            pending: None,
            ended: BotStats::default(),
            live: BotStats::default(),
            memory: 0,
        };
        match bot.start() {
            Ok(()) => Ok(bot),
            Err(Start::Refused(e)) => Err(e),
            Err(Start::Failed(d)) => {
                let overrun = ended(d, limits);
                let (reason, detail) = overrun.failure();
                Err(BotLoadError::Failed {
                    chunk: chunk.to_string(),
                    reason,
                    detail,
                    overrun: Some(Box::new(overrun)),
                })
            }
        }
    }

    /// The name the bot gives itself.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The script's name as messages show it (its path).
    pub fn chunk(&self) -> &str {
        &self.chunk
    }

    /// The hash of the bot's code ([`code_hash`]).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The parameters the bot reads as `liar.params`.
    pub fn params(&self) -> &BotParams {
        &self.params
    }

    /// Figures about the bot's calls so far, over all its processes.
    pub fn stats(&self) -> BotStats {
        let mut s = self.ended.clone();
        s.merge(&self.live);
        s
    }

    /// Bytes the bot's Lua state held at its last reply.
    pub fn memory_used(&self) -> u64 {
        self.memory
    }

    /// How long the child may take to answer a request that makes
    /// `calls` calls of the bot: that many limits, and the grace period.
    fn allowance(&self, calls: u32) -> Duration {
        let wall = self.limits.wall();
        wall.saturating_mul(calls).saturating_add(grace(wall))
    }

    /// How long the child may take to load the bot and then make `calls`
    /// more calls: the child stops a load by its processor time; by the
    /// wall clock, which a busy machine stretches, only much later.
    fn load_allowance(&self, calls: u32) -> Duration {
        let wall = self.limits.wall();
        let load = crate::lua::hook::load_hard_limit(wall);
        self.allowance(calls)
            .saturating_add(load.saturating_add(grace(wall)))
    }

    /// Starts a process and loads the bot (then the match and game in
    /// progress, if any).
    fn start(&mut self) -> Result<(), Start> {
        let mut conn = Conn::spawn(&self.program, &self.limits).map_err(|e| {
            Start::Refused(BotLoadError::Sandbox {
                chunk: self.chunk.clone(),
                cause: Box::new(crate::lua::StartProblem::NoProcess {
                    program: self.program.display().to_string(),
                    error: e.to_string(),
                }),
            })
        })?;
        let load = Request::Load {
            chunk: self.chunk.clone(),
            code: self.code.clone(),
            params: self.params.clone(),
            limits: self.limits,
        };
        conn.queue(&load.encode(), self.load_allowance(0), "loading the bot");
        match conn.next_reply() {
            Ok(Reply::Loaded {
                name,
                observes,
                memory,
            }) => {
                self.name = name;
                self.observes = observes;
                self.memory = memory;
            }
            Ok(Reply::LoadFailed {
                reason,
                message,
                russian,
            }) => {
                conn.kill();
                return Err(Start::Refused(BotLoadError::InProcess {
                    reason,
                    message,
                    russian,
                }));
            }
            Ok(_) => {
                conn.kill();
                return Err(Start::Failed(Death::Garbage));
            }
            Err(d) => {
                conn.kill();
                return Err(Start::Failed(d));
            }
        }
        self.live = BotStats::default();
        self.conn = Some(conn);
        self.send_match();
        if let Some((game, seed)) = self.game {
            self.send(Request::BeginGame { game, seed }, 0, "starting a game");
        }
        Ok(())
    }

    /// Tells the child the current match, if one is on (with the bank left
    /// to the bot, in a match started again).
    fn send_match(&mut self) {
        // Reloading the bot, then telling it the match.
        let allowance = self.load_allowance(1);
        let (Some(conn), Some(request)) = (self.conn.as_mut(), self.match_request.as_mut()) else {
            return;
        };
        if let Request::BeginMatch { bank, .. } = request {
            *bank = self.bank;
        }
        // The child starts the match with no view: histories start afresh.
        conn.history = None;
        conn.queue(&request.encode(), allowance, "starting the match");
    }

    /// Queues a request whose reply is read later (see
    /// [`ProcessBot::allowance`]).
    fn send(&mut self, request: Request, calls: u32, what: &'static str) {
        let allowance = self.allowance(calls);
        if let Some(conn) = self.conn.as_mut() {
            conn.queue(&request.encode(), allowance, what);
        }
    }

    /// Reads every reply still owed. Failures become pending penalties.
    fn catch_up(&mut self) {
        loop {
            let Some(conn) = self.conn.as_mut() else {
                return;
            };
            if conn.unread.is_empty() {
                return;
            }
            match conn.next_reply() {
                Ok(reply) => self.absorb(reply),
                Err(d) => {
                    self.bury(d);
                    return;
                }
            }
        }
    }

    /// Takes in a reply to a request that gave no answer.
    fn absorb(&mut self, reply: Reply) {
        match reply {
            Reply::Done(report) | Reply::Decided { report, .. } => self.report(report),
            Reply::Loaded { .. } => {}
            Reply::LoadFailed { message, .. } => {
                self.pending.get_or_insert((PenaltyReason::Error, message));
            }
        }
    }

    fn report(&mut self, report: Report) {
        // The child caps its bot's log already; these caps hold even if
        // the child itself were subverted.
        let room = (self.limits.log_lines as usize + 1).saturating_mul(4);
        self.logs
            .extend(report.logs.into_iter().take(room).map(|line| {
                if line.len() > BotLimits::LOG_LINE_BYTES + 64 {
                    cut_bytes(&line, BotLimits::LOG_LINE_BYTES)
                } else {
                    line
                }
            }));
        self.live = report.stats;
        self.memory = report.memory;
        if self.match_request.is_some() {
            self.bank = Some(report.bank);
        }
    }

    /// A failure the child reported: it disqualifies the seat if it ran
    /// the bank dry.
    fn failed(&self, failure: Failure) -> PlayerError {
        self.bank.unwrap_or_default().verdict(failure)
    }

    /// The child is gone: kill what is left of it and remember why.
    fn bury(&mut self, d: Death) -> Failure {
        if let Some(mut conn) = self.conn.take() {
            conn.kill();
        }
        let mut f = death(d, &self.limits);
        // The call the child died in used, for the bank, all it could.
        if let Some(bank) = self.bank.as_mut() {
            bank.charge_killed(&self.limits);
            if bank.dry {
                f = bank::dry(Interrupt::Timeout, &self.limits, None);
            }
        }
        self.ended.merge(&self.live);
        self.live = BotStats::default();
        self.pending.get_or_insert(f.clone());
        f
    }

    fn ensure_started(&mut self) -> Result<(), Failure> {
        if self.conn.is_some() {
            return Ok(());
        }
        self.start().map_err(|e| match e {
            Start::Refused(e) => (
                PenaltyReason::Error,
                format!("the bot could not be started again: {e}"),
            ),
            Start::Failed(d) => death(d, &self.limits),
        })
    }
}

/// Why a process could not be started with the bot loaded.
enum Start {
    /// The bot does not load (its own fault: a refusal).
    Refused(BotLoadError),
    /// The process failed while loading.
    Failed(Death),
}

/// The penalty for a process that ended or was killed.
fn death(d: Death, limits: &BotLimits) -> Failure {
    let (reason, what) = why(d, limits);
    (
        reason,
        format!("{what}; the bot goes on in a new process, without what it had in memory"),
    )
}

/// Why a process ended or was killed.
fn why(d: Death, limits: &BotLimits) -> Failure {
    ended(d, limits).failure()
}

/// How a process ended or was killed, as data.
fn ended(d: Death, limits: &BotLimits) -> Overrun {
    match d {
        Death::Overran(doing) => Overrun::Killed {
            ms: limits.wall_ms,
            doing,
        },
        Death::Garbage => Overrun::Garbage,
        Death::Pipe(e) => Overrun::Lost {
            error: e.to_string(),
        },
        Death::Ended(status) => match status.signal() {
            Some(libc::SIGSYS) => Overrun::Forbidden,
            Some(libc::SIGXCPU) => Overrun::Cpu,
            Some(signal @ (libc::SIGABRT | libc::SIGSEGV | libc::SIGBUS)) => Overrun::Crashed {
                signal,
                limit: bytes(limits.memory_bytes()),
            },
            Some(signal) => Overrun::Signal { signal },
            None if status.code() == Some(super::child::EXIT_CONFINE) => Overrun::Unconfined,
            None => Overrun::Ended {
                status: status.to_string(),
            },
        },
    }
}

impl Drop for ProcessBot {
    fn drop(&mut self) {
        if let Some(mut conn) = self.conn.take() {
            conn.kill();
        }
    }
}

impl Player for ProcessBot {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.pending = None;
        self.game = None;
        self.bank = Some(Bank::full(&self.limits));
        self.match_request = Some(Request::BeginMatch {
            seat: info.seat,
            games: info.games,
            seed: info.seed,
            rules: *info.rules,
            seats: info.seats.to_vec(),
            bank: None,
        });
        if self.conn.is_some() {
            self.send_match();
        } else if let Err(f) = self.ensure_started() {
            // (A process that starts is sent the match by start().)
            self.pending = Some(f);
        }
    }

    fn begin_game(&mut self, game: u32, seed: u64) {
        self.game = Some((game, seed));
        self.send(Request::BeginGame { game, seed }, 0, "starting a game");
    }

    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let fail = |(reason, detail): Failure| PlayerError::Failed { reason, detail };
        if let Err(f) = self.ensure_started() {
            self.pending = None;
            return Err(fail(f));
        }
        if let Some(f) = self.pending.take() {
            return Err(self.failed(f));
        }
        let allowance = self.allowance(1);
        if let Some(conn) = self.conn.as_mut() {
            conn.queue_view(view, allowance);
        }
        // The replies owed before this one come first (a death while the
        // bot handles them fails this call).
        loop {
            let Some(conn) = self.conn.as_mut() else {
                return Err(fail((
                    PenaltyReason::Error,
                    "the bot's process is gone".into(),
                )));
            };
            let last = conn.unread.len() == 1;
            match conn.next_reply() {
                Ok(Reply::Decided { answer, report }) if last => {
                    self.report(report);
                    return answer.map_err(|f| self.failed(f));
                }
                Ok(reply) if !last => self.absorb(reply),
                Ok(_) => return Err(fail(self.bury(Death::Garbage))),
                Err(d) => {
                    let f = self.bury(d);
                    self.pending = None;
                    return Err(self.failed(f));
                }
            }
        }
    }

    fn wants_events(&self) -> bool {
        self.observes
    }

    fn observe(&mut self, event: &PublicEvent) {
        self.send(Request::Observe(event.clone()), 1, "in observe");
        // Events go out with the next decision; a bot that is not asked
        // for one for long gets them (and is waited for) in batches.
        if self
            .conn
            .as_ref()
            .is_some_and(|c| c.unread.len() > MAX_UNREAD)
        {
            self.catch_up();
        }
    }

    fn end_match(&mut self) -> Option<PlayerError> {
        let fail = |(reason, detail): Failure| PlayerError::Failed { reason, detail };
        // (The engine records any failure here without a disqualification:
        // the match is over.)
        // Only `observe` can fail after the bot's last decision: a bot
        // without one costs no round trip here.
        if !self.observes {
            return self.pending.take().map(fail);
        }
        // Failures the parent already holds (a death while observing), then
        // the one the child's bot holds.
        self.catch_up();
        if let Some(f) = self.pending.take() {
            return Some(fail(f));
        }
        let conn = self.conn.as_ref()?;
        if !conn.unread.is_empty() {
            return None;
        }
        self.send(Request::EndMatch, 0, "ending the match");
        let conn = self.conn.as_mut()?;
        match conn.next_reply() {
            Ok(Reply::Decided {
                answer: Err(f),
                report,
            }) => {
                self.report(report);
                Some(fail(f))
            }
            Ok(Reply::Done(report)) => {
                self.report(report);
                None
            }
            Ok(_) => Some(fail(self.bury(Death::Garbage))),
            Err(d) => {
                let f = self.bury(d);
                self.pending = None;
                Some(fail(f))
            }
        }
    }

    fn take_logs(&mut self, out: &mut Vec<String>) {
        // Every line written so far: wait for the replies still owed.
        self.catch_up();
        out.append(&mut self.logs);
    }
}
