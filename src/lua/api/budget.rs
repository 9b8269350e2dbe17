//! `liar.budget()`: what the running call may still spend, read as it
//! runs.

use super::Registrar;
use super::reference::{Entry, Kind, Return};
use super::shared::Shared;
use mlua::Lua;

/// The declaration.
pub(super) const ENTRIES: &[Entry] = &[Entry {
    name: "budget",
    doc: "the instructions the running call may still run: what is left of its budget, or of \
          your match bank (`view.bank`) if that is less. Exact and the same in every run, so a \
          search may go deeper while enough is left",
    kind: Kind::Function {
        params: &[],
        returns: &[Return("integer", "")],
        annotations: &[],
    },
}];

pub(super) fn register(api: &Registrar) -> mlua::Result<()> {
    api.add("budget", budget)
}

fn budget(_: &Lua, s: &Shared, (): ()) -> mlua::Result<i64> {
    // The meter's count is exact to the instruction (it reads the running
    // thread's countdown), and the call's budget was set to what it may
    // spend.
    Ok(s.meter.remaining().max(0))
}
