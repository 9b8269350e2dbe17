//! `[limits]` and `[seats.limits]`: what each Lua bot may spend (the types
//! are [`crate::setup`]'s; the Lua layer obeys them).

use super::error::ConfigError;
use super::raw::{Key, Table};
use crate::setup::BotLimits;

/// The keys of a `[limits]` table and how each is read. The `as` casts are
/// safe: each value is range-checked first.
const LIMITS: &[Key<BotLimits>] = &[
    Key::new("bank_instructions", |t, f, l| {
        let n = t.integer_value(f, 1, BotLimits::MAX_BANK_INSTRUCTIONS as i64)?;
        l.bank_instructions = n.into_inner() as u64;
        Ok(())
    }),
    Key::new("bank_ms", |t, f, l| {
        let n = t.integer_value(f, 1, BotLimits::MAX_BANK_MS as i64)?;
        l.bank_ms = n.into_inner() as u64;
        Ok(())
    }),
    Key::new("instructions", |t, f, l| {
        let n = t.integer_value(f, 1, BotLimits::MAX_INSTRUCTIONS as i64)?;
        l.instructions = n.into_inner() as u64;
        Ok(())
    }),
    Key::new("wall_ms", |t, f, l| {
        l.wall_ms = t
            .integer_value(f, 1, BotLimits::MAX_WALL_MS as i64)?
            .into_inner() as u64;
        Ok(())
    }),
    Key::new("memory_mb", |t, f, l| {
        let n = t.integer_value(f, 1, BotLimits::MAX_MEMORY_MB as i64)?;
        l.memory_mb = n.into_inner() as u64;
        Ok(())
    }),
    Key::new("log_lines", |t, f, l| {
        let n = t.integer_value(f, 0, i64::from(BotLimits::MAX_LOG_LINES))?;
        l.log_lines = n.into_inner() as u32;
        Ok(())
    }),
    Key::new("isolation", |t, f, l| {
        l.isolation = Some(t.named_value(f)?);
        Ok(())
    }),
];

/// Reads a `[limits]` table: the keys it gives replace those of `base`.
pub(crate) fn read_limits(t: &Table<'_, '_>, base: BotLimits) -> Result<BotLimits, ConfigError> {
    let mut limits = base;
    t.read_keys(LIMITS, &mut limits)?;
    Ok(limits)
}
