//! Turning what went wrong in a bot into a penalty reason and a short
//! message for its author, with `file:line` where Lua gives one.

use super::hook::{INTERNAL_CHUNK, Interrupt, Meter};
use crate::engine::PenaltyReason;
use crate::setup::BotLimits;
use crate::text::cut_bytes;

/// Longest failure detail kept (the replay records it).
pub(crate) const DETAIL_MAX: usize = 400;

/// A failure: why, and what happened.
pub(crate) type Failure = (PenaltyReason, String);

/// A limit a bot overran (or how the process of an isolated bot died), as
/// data, so that a load error can say it in the
/// run's language (`Overrun::text`); the replay keeps the English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overrun {
    /// The instruction budget is spent.
    Budget {
        /// The budget.
        instructions: u64,
        /// Where the bot was, `file:line`, when Lua gives one.
        at: Option<String>,
    },
    /// The clock ran out while the bot ran.
    Timeout {
        /// The limit in milliseconds.
        ms: u64,
        /// Where the bot was, `file:line`, when Lua gives one.
        at: Option<String>,
    },
    /// The bot returned, but after its limit.
    Late {
        /// How long it took, in milliseconds.
        took_ms: u128,
        /// The limit in milliseconds.
        ms: u64,
    },
    /// The match bank of instructions ran dry (see `bank.rs`).
    BankInstructions {
        /// What the bank started the match with.
        bank: u64,
        /// What each call adds to it.
        share: u64,
        /// Where the bot was, `file:line`, when Lua gives one.
        at: Option<String>,
    },
    /// The match bank of processor time ran dry.
    BankTime {
        /// What the bank started the match with, in milliseconds.
        ms: u64,
        /// What each call adds to it, in milliseconds.
        share_ms: u64,
    },
    /// The memory limit is reached.
    Memory {
        /// The limit, for people (`32 MiB`).
        limit: String,
    },
    /// The bot's process (an isolated bot) ran far past its limit and was
    /// killed.
    Killed {
        /// The limit in milliseconds.
        ms: u64,
        /// What it was doing (`loading the bot`, `in claim`, `in observe`, ...).
        doing: &'static str,
    },
    /// The bot's process sent a malformed reply and was killed.
    Garbage,
    /// The engine lost touch with the bot's process.
    Lost {
        /// What went wrong with the pipe (in English, from the system).
        error: String,
    },
    /// The bot's process made a forbidden system call.
    Forbidden,
    /// The bot's process used up its CPU time.
    Cpu,
    /// The bot's process crashed, most likely out of memory.
    Crashed {
        /// The signal.
        signal: i32,
        /// The memory limit, for people (`32 MiB`).
        limit: String,
    },
    /// The bot's process was killed by a signal.
    Signal {
        /// The signal.
        signal: i32,
    },
    /// The bot's process could not confine itself.
    Unconfined,
    /// The bot's process ended.
    Ended {
        /// How it ended (as the system says it).
        status: String,
    },
}

impl Overrun {
    /// The penalty reason it makes.
    pub fn reason(&self) -> PenaltyReason {
        match self {
            Overrun::Budget { .. } | Overrun::BankInstructions { .. } => PenaltyReason::Budget,
            Overrun::BankTime { .. } => PenaltyReason::Timeout,
            Overrun::Timeout { .. } | Overrun::Late { .. } => PenaltyReason::Timeout,
            Overrun::Memory { .. } | Overrun::Crashed { .. } => PenaltyReason::Memory,
            Overrun::Killed { .. } | Overrun::Cpu => PenaltyReason::Timeout,
            Overrun::Garbage
            | Overrun::Lost { .. }
            | Overrun::Forbidden
            | Overrun::Signal { .. }
            | Overrun::Unconfined
            | Overrun::Ended { .. } => PenaltyReason::Error,
        }
    }

    /// The failure it makes, in English, as the replay records it (without
    /// what only the wall clock of this run measured: see
    /// [`Overrun::recorded_text`]).
    pub(crate) fn failure(&self) -> Failure {
        (self.reason(), self.recorded_text(crate::i18n::Lang::En))
    }
}

/// The failure of a call that returned `err`.
pub(crate) fn from_error(err: &mlua::Error, meter: &Meter, limits: &BotLimits) -> Failure {
    match cause(err, meter, limits) {
        Ok(overrun) => overrun.failure(),
        Err(failure) => failure,
    }
}

/// The limit overrun that made a call return `err`, or its other failure.
pub(crate) fn cause(
    err: &mlua::Error,
    meter: &Meter,
    limits: &BotLimits,
) -> Result<Overrun, Failure> {
    if let Some(kind) = meter.marked() {
        return Ok(overrun(kind, meter, limits));
    }
    if let Some(kind) = err.downcast_ref::<Interrupt>() {
        return Ok(overrun(*kind, meter, limits));
    }
    // A memory error is the memory limit's, unless the allocator refused
    // because the budget was spent (work charged inside Lua's C code, which
    // the next block of instructions would have found).
    if is_memory(err) && !meter.refused() {
        return Ok(Overrun::Memory {
            limit: bytes(limits.memory_bytes()),
        });
    }
    if let Some(kind) = meter.tripped() {
        return Ok(overrun(kind, meter, limits));
    }
    Err((PenaltyReason::Error, cut_bytes(&message(err), DETAIL_MAX)))
}

/// The failure of a call stopped by the budget or the clock.
pub(crate) fn interrupted(kind: Interrupt, meter: &Meter, limits: &BotLimits) -> Failure {
    overrun(kind, meter, limits).failure()
}

/// The overrun of a call stopped by the budget or the clock.
pub(crate) fn overrun(kind: Interrupt, meter: &Meter, limits: &BotLimits) -> Overrun {
    let at = meter.location();
    match kind {
        Interrupt::Budget => Overrun::Budget {
            instructions: limits.instructions,
            at,
        },
        Interrupt::Timeout => Overrun::Timeout {
            ms: limits.wall_ms,
            at,
        },
    }
}

/// A byte count for people: `32 MiB`, `1500 bytes`.
pub(crate) fn bytes(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / f64::from(1 << 20))
    } else if n >= 1 << 10 {
        format!("{:.1} KiB", n as f64 / 1024.0)
    } else {
        format!("{n} bytes")
    }
}

fn is_memory(err: &mlua::Error) -> bool {
    match err {
        mlua::Error::MemoryError(_) => true,
        // What the auxiliary library raises (as a plain error) when a
        // string buffer cannot grow.
        mlua::Error::RuntimeError(s) => s.starts_with("not enough memory"),
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => {
            is_memory(cause)
        }
        _ => false,
    }
}

/// Whether `text` starts with a `file:line:` location.
fn has_location(text: &str) -> bool {
    let Some((head, _)) = text.split_once(": ") else {
        return false;
    };
    match head.rsplit_once(':') {
        Some((file, line)) => {
            !file.is_empty() && !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// Whether `text` starts with the name of one of the host's own Lua chunks
/// (`liar prelude`, `liar host`), as locations and tracebacks show it.
fn in_host_chunk(text: &str) -> bool {
    text.strip_prefix(INTERNAL_CHUNK.trim_start_matches('='))
        .is_some_and(|rest| rest.starts_with(' '))
}

/// `text` without a leading location in the host's own Lua code: a C
/// function called by a wrapper of the prelude locates its errors at the
/// wrapper (`liar prelude:431: too many results to unpack`), where the bot's
/// own line, from the traceback, belongs.
fn without_host_location(text: &str) -> &str {
    if in_host_chunk(text)
        && has_location(text)
        && let Some((_, message)) = text.split_once(": ")
    {
        return message;
    }
    text
}

/// The first frame of a Lua traceback that is the bot's code, as `file:line`.
fn traceback_location(trace: &str) -> Option<String> {
    trace.lines().find_map(|line| {
        let line = line.trim_start();
        if line.starts_with("[C]") || in_host_chunk(line) || line.starts_with('(') {
            return None;
        }
        let (file, rest) = line.split_once(':')?;
        let (num, _) = rest.split_once(':')?;
        (!num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()))
            .then(|| format!("{file}:{num}"))
    })
}

/// Lua renders non-string error values as `table: 0x55d0...` (or with the
/// `__name` of their metatable instead of `table`): say what they were
/// instead (addresses would make replays differ between runs).
fn plain(message: &str) -> String {
    if let Some((kind, rest)) = message.rsplit_once(": 0x")
        && !kind.is_empty()
        && !kind.contains('\n')
        && !kind.contains(": ")
        && rest.len() >= 6
        && rest.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return format!("(error object is a {kind} value)");
    }
    message.to_string()
}

/// `text` with every heap address (`0x` and at least six hex digits, as
/// `%p` writes them, e.g. after a `__name` in an error object's text)
/// replaced: addresses differ from run to run, and failure details go into
/// replays.
pub(crate) fn scrub(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("0x") {
        let (head, tail) = rest.split_at(at);
        let digits = tail[2..].bytes().take_while(u8::is_ascii_hexdigit).count();
        let starts_word = head
            .bytes()
            .next_back()
            .is_none_or(|b| !b.is_ascii_alphanumeric() && b != b'_');
        out.push_str(head);
        if digits >= 6 && starts_word {
            out.push_str("0x…");
            rest = &tail[2 + digits..];
        } else {
            out.push_str("0x");
            rest = &tail[2..];
        }
    }
    out.push_str(rest);
    out
}

/// The author-facing text of an error: its message, located, with no heap
/// address in it.
/// A value a bot's function raised inside a Rust function (a `gsub`
/// callback), carried through mlua unchanged to the bot's `pcall` (see
/// `pattern::thrown`). Uncaught, it reads as Lua's standalone interpreter
/// shows an error object.
#[derive(Debug)]
pub(crate) struct Thrown(pub(crate) mlua::Value);

impl std::fmt::Display for Thrown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            mlua::Value::String(s) => write!(f, "{}", s.to_string_lossy()),
            mlua::Value::Integer(i) => write!(f, "{i}"),
            mlua::Value::Number(x) => write!(f, "{x}"),
            other => write!(f, "(error object is a {} value)", other.type_name()),
        }
    }
}

impl std::error::Error for Thrown {}

/// What an error raised in a Rust function is to the bot's Lua code (what
/// `pcall` returns after `false`): the value a bot's function threw, or the
/// message exactly as the function raised it (as from a C function: no
/// traceback, no location added). A message mlua made of an error object
/// (`table: 0x55d0...`) says what it was, without its address.
pub(crate) fn lua_value(lua: &mlua::Lua, err: &mlua::Error) -> mlua::Result<mlua::Value> {
    let text = match err {
        mlua::Error::CallbackError { cause, .. } => return lua_value(lua, cause),
        mlua::Error::ExternalError(e) => match e.downcast_ref::<Thrown>() {
            Some(Thrown(value)) => return Ok(value.clone()),
            None => e.to_string(),
        },
        mlua::Error::RuntimeError(s) => scrub(&plain(
            s.split_once("\nstack traceback:")
                .map_or(s.as_str(), |(m, _)| m),
        )),
        mlua::Error::MemoryError(s) => s.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        other => message(other),
    };
    Ok(mlua::Value::String(lua.create_string(text)?))
}

pub(crate) fn message(err: &mlua::Error) -> String {
    scrub(&raw_message(err))
}

fn raw_message(err: &mlua::Error) -> String {
    match err {
        mlua::Error::CallbackError { traceback, cause } => {
            let m = raw_message(cause);
            match traceback_location(traceback) {
                Some(at) if !has_location(&m) => format!("{at}: {m}"),
                _ => m,
            }
        }
        mlua::Error::RuntimeError(s) => {
            let (msg, trace) = s
                .split_once("\nstack traceback:")
                .unwrap_or((s.as_str(), ""));
            let msg = plain(without_host_location(msg.trim_end()));
            match traceback_location(trace) {
                Some(at) if !has_location(&msg) => format!("{at}: {msg}"),
                _ => msg,
            }
        }
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(s) => s.clone(),
        mlua::Error::WithContext { context, cause } => {
            format!("{context}: {}", raw_message(cause))
        }
        mlua::Error::ExternalError(e) => e.to_string(),
        other => other
            .to_string()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_found_and_kept() {
        assert!(has_location("bot.lua:12: attempt to index a nil value"));
        assert!(!has_location("attempt to index a nil value"));
        assert!(!has_location("error: 12 things"));
        let trace = "\n\t[C]: in function 'error'\n\tbots/x.lua:7: in function 'claim'\n\tliar host:80: in function <liar host:60>";
        assert_eq!(traceback_location(trace).as_deref(), Some("bots/x.lua:7"));
        let e = mlua::Error::RuntimeError(format!(
            "table: 0x55d0c0ffee{}",
            "\nstack traceback:".to_owned() + trace
        ));
        assert_eq!(message(&e), "bots/x.lua:7: (error object is a table value)");
        let e = mlua::Error::RuntimeError(format!(
            "liar prelude:431: too many results to unpack{}",
            "\nstack traceback:".to_owned() + trace
        ));
        assert_eq!(message(&e), "bots/x.lua:7: too many results to unpack");
    }

    #[test]
    fn addresses_are_scrubbed() {
        assert_eq!(
            scrub("bots/x.lua:3: MyType: 0x55d0c0ffee10 and 0x12, box0x55d0c0ffee10"),
            "bots/x.lua:3: MyType: 0x… and 0x12, box0x55d0c0ffee10"
        );
        assert_eq!(scrub("0xdeadbeef"), "0x…");
        assert_eq!(scrub("nothing here 0x"), "nothing here 0x");
        let e = mlua::Error::RuntimeError("MyType: 0x55d0c0ffee10".into());
        assert_eq!(message(&e), "(error object is a MyType value)");
        let e = mlua::Error::RuntimeError(
            "x.lua:1: at 0x55d0c0ffee10, MyType: 0x55d0c0ffee10 now".into(),
        );
        assert_eq!(message(&e), "x.lua:1: at 0x…, MyType: 0x… now");
    }

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(bytes(32 << 20), "32 MiB");
        assert_eq!(bytes(1500), "1.5 KiB");
        assert_eq!(bytes(12), "12 bytes");
    }
}
