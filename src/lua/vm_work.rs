//! Work inside single VM instructions that grows with sizes, charged to the
//! bot call that runs it.
//!
//! The vendored Lua is patched (`vendor/lua-src/README.md`): a table lookup
//! that walks a chain of colliding keys, `next` skipping empty slots, the
//! string table's chain when a short string is made, `==` between two long
//! strings of one length, a call or a `...` moving many values, a string
//! converted to a number and a table resized all report their work, in steps
//! of about one instruction's time, through the C function pointer
//! `liar_work_hook`.
//! Work of up to 16 steps is not reported (ordinary code never reaches it).
//! This module points the hook at [`Meter::charge_quiet`] of the call
//! running on the thread (see `metered.rs`), so the budget, not the clock,
//! stops a bot that shapes its tables or strings to make single
//! instructions slow, and it stops it at the same instruction in every run.
//!
//! Lookups charge by the shape of the table. Keys that are numbers, strings
//! or booleans are placed the same way in every run (strings hash with a
//! fixed seed, see `lliar.h`), so their charges are too; tables, functions
//! and other objects used as keys are placed by address, but a chain of
//! more than 16 of them does not happen by chance.

use super::hook::Meter;
use super::metered;
use std::sync::Once;
use std::sync::atomic::{AtomicPtr, Ordering::Relaxed};

unsafe extern "C" {
    /// `void (*liar_work_hook)(size_t steps)`, defined in the patched Lua's
    /// `lliar.c`, NULL until [`install`] sets it. Declared as an atomic
    /// pointer (the same layout) so that setting it while other threads run
    /// Lua is a plain aligned store, which C reads whole.
    static liar_work_hook: AtomicPtr<()>;
}

/// Charges `steps` steps of work that Lua reported to the bot call running
/// on this thread (no call: nothing to charge).
unsafe extern "C" fn charge(steps: usize) {
    metered::with_current(|meter: &Meter| meter.charge_quiet(steps as u64));
}

/// Points Lua's work hook at [`charge`]; done once per process, before the
/// first metered state runs.
pub(crate) fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let hook: unsafe extern "C" fn(usize) = charge;
        // SAFETY: the symbol is the patched Lua's function pointer, of this
        // exact type; the VM reads it only to call it.
        unsafe { liar_work_hook.store(hook as *mut (), Relaxed) };
    });
}
