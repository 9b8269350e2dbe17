//! Work Lua does inside its own C code, charged to the bot's meter: the
//! memory it allocates and the strings it compares. Neither has a Lua state
//! at hand, so both charge through [`Meter::charge_quiet`] (see `hook.rs`).
//!
//! **The allocator.** The state's allocator is replaced once the sandbox
//! is built: it takes blocks from the Rust allocator as mlua's does (blocks
//! made before are freed and grown alike), keeps the bytes in use and
//! enforces the memory limit itself (counting the host's buffers made for
//! the bot, see [`Meter::host_bytes`]), and every growth of a block by at
//! least
//! [`CHARGE_FROM`] bytes is charged one step per [`BYTES_PER_STEP`] bytes
//! once it is granted.
//! That prices whatever builds big values in C without a Lua instruction per
//! byte: `..`, `string.format`, `string.sub`, `table.concat`, buffers,
//! tables growing. (Smaller blocks always come with instructions the hook
//! counts; leaving them out keeps the charge independent of what earlier
//! matches left interned, and costs nothing to ordinary bots.) When `ptr` is
//! NULL, `osize` is a type tag, not a size. Shrinking never fails; once the
//! call is doomed ([`Meter::over`]) growth of [`REFUSE_FROM`] bytes or more is
//! refused, so the call unwinds with a memory error instead of copying
//! megabytes. A growth the memory limit refuses is charged for the full
//! emergency collection Lua runs before trying again. The wrapper also
//! keeps the bytes in use and the longest live string for the hook.
//!
//! mlua only recognises its own allocator, so once replaced `used_memory`
//! falls back to Lua's own count (the same figure), mlua's limit no longer
//! applies, and mlua does not free its 24-byte allocator record when the
//! state closes (it cannot find it): a small leak per state, accepted.
//!
//! **String comparison.** Lua compares strings (`<`, `<=`, `table.sort`)
//! with `l_strcmp`, which calls the C library's `strcoll` once per
//! NUL-separated segment: on a long string of NUL bytes one comparison
//! makes millions of calls, and the count hook fires only between
//! instructions. This module defines `strcoll` itself (the vendored Lua is
//! linked statically, so its calls bind to this definition): it compares
//! bytes like `strcmp`, which is what `strcoll` does in the C locale this
//! process runs in (nothing calls `setlocale`), charges the call and the
//! bytes scanned to the bot call running on this thread, and answers at
//! once when that call is doomed, so `l_strcmp` returns quickly.

use super::hook::Meter;
use mlua::{Lua, ffi};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

/// Growth of a block below this is not charged.
const CHARGE_FROM: usize = 1024;
/// Bytes allocated per step of the budget (copying them costs about one
/// instruction's time).
const BYTES_PER_STEP: usize = 64;
/// Growth of at least this much is refused once the call is doomed.
const REFUSE_FROM: usize = 64 << 10;
/// Strings at least this long are tracked (for the hook's step).
const TRACK_FROM: usize = 16 << 10;
/// Bytes held per step charged when the limit refuses an allocation (Lua
/// then runs a full collection, which visits all of them).
const GC_BYTES_PER_STEP: usize = 16;

thread_local! {
    /// The meter of the bot call running on this thread (set when a call
    /// starts; the last call's meter stays until the next starts, or until
    /// a new state is built on this thread).
    static CURRENT: RefCell<Option<Arc<Meter>>> = const { RefCell::new(None) };
}

/// Makes `meter` the one string comparisons on this thread charge.
pub(crate) fn set_current(meter: Option<&Arc<Meter>>) {
    let _ = CURRENT.try_with(|c| {
        if let Ok(mut current) = c.try_borrow_mut() {
            let same = match (current.as_ref(), meter) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            };
            if !same {
                *current = meter.cloned();
            }
        }
    });
}

/// Stops charging `meter` on this thread, if it is the current one (its
/// state is closing).
pub(crate) fn forget(meter: &Arc<Meter>) {
    let _ = CURRENT.try_with(|c| {
        if let Ok(mut current) = c.try_borrow_mut()
            && current.as_ref().is_some_and(|m| Arc::ptr_eq(m, meter))
        {
            *current = None;
        }
    });
}

/// Runs `f` with the meter of the bot call running on this thread, if any.
pub(crate) fn with_current(f: impl FnOnce(&Meter)) {
    let _ = CURRENT.try_with(|c| {
        if let Ok(current) = c.try_borrow()
            && let Some(meter) = current.as_deref()
        {
            f(meter);
        }
    });
}

/// An allocation request: pointer, old size (or type tag), new size.
type Request = (usize, usize, usize);

/// The wrapper's state (the allocator's `ud`).
struct Metered {
    meter: Arc<Meter>,
    /// The last request refused (pointer, old size, new size), and whether
    /// for the budget.
    last_refused: Cell<Option<(Request, bool)>>,
    /// Live strings of at least [`TRACK_FROM`] bytes: address -> size.
    strings: RefCell<HashMap<usize, usize>>,
}

impl Metered {
    /// Bytes the state holds (kept in the meter, where the hook reads it).
    fn in_use(&self) -> usize {
        self.meter.in_use.load(Relaxed)
    }

    fn set_in_use(&self, bytes: usize) {
        self.meter.in_use.store(bytes, Relaxed);
    }

    fn track(&self, at: usize, size: usize) {
        if let Ok(mut s) = self.strings.try_borrow_mut() {
            s.insert(at, size);
            if size > self.meter.longest_string.load(Relaxed) {
                self.meter.longest_string.store(size, Relaxed);
            }
        }
    }

    fn forget(&self, at: usize) {
        if let Ok(mut s) = self.strings.try_borrow_mut()
            && let Some(size) = s.remove(&at)
            && size >= self.meter.longest_string.load(Relaxed)
        {
            let longest = s.values().copied().max().unwrap_or(0);
            self.meter.longest_string.store(longest, Relaxed);
        }
    }
}

/// Owns the wrapper for as long as the state: app data is dropped after
/// `lua_close`, whose frees still go through the wrapper.
struct MeteredOwner(#[allow(dead_code)] Box<Metered>);

// SAFETY: the wrapper is only used by the thread running its state, and a
// state is never run by two threads at once (it moves with its LuaBot).
unsafe impl Send for MeteredOwner {}

/// Wraps the allocator of `lua`, charging `meter`.
pub(crate) fn install_allocator(lua: &Lua, meter: &Arc<Meter>) -> mlua::Result<()> {
    // The interposed `strcoll` is referenced from code every bot runs, so
    // its object is always linked in (and Lua's calls bind to it).
    #[cfg(unix)]
    std::hint::black_box(strcoll as unsafe extern "C" fn(_, _) -> _);
    super::vm_work::install();
    let wrapper = Box::new(Metered {
        meter: Arc::clone(meter),
        last_refused: Cell::new(None),
        strings: RefCell::new(HashMap::new()),
    });
    let ud = (&raw const *wrapper).cast_mut().cast::<c_void>();
    lua.set_app_data(MeteredOwner(wrapper));
    // SAFETY: `ud` points into the box now owned by the state's app data,
    // which outlives every call of the allocator. Switching allocators is
    // safe at any time: this one takes blocks as the old one did.
    unsafe {
        lua.exec_raw::<()>((), |state| {
            let kb = ffi::lua_gc(state, ffi::LUA_GCCOUNT, 0);
            let rest = ffi::lua_gc(state, ffi::LUA_GCCOUNTB, 0);
            let used = usize::try_from(kb).unwrap_or(0) * 1024 + usize::try_from(rest).unwrap_or(0);
            let m = &*ud.cast::<Metered>().cast_const();
            m.set_in_use(used);
            ffi::lua_setallocf(state, metered_alloc, ud);
        })?;
    }
    Ok(())
}

/// The wrapped allocator (see the module documentation).
unsafe extern "C" fn metered_alloc(
    ud: *mut c_void,
    ptr: *mut c_void,
    osize: usize,
    nsize: usize,
) -> *mut c_void {
    // SAFETY: `ud` is the wrapper installed with this function.
    let m = unsafe { &*ud.cast::<Metered>().cast_const() };
    // With no block, `osize` is the kind of object being made.
    let old = if ptr.is_null() { 0 } else { osize };
    if nsize == 0 {
        if !ptr.is_null() {
            if osize >= TRACK_FROM {
                m.forget(ptr as usize);
            }
            m.set_in_use(m.in_use().saturating_sub(osize));
        }
        // SAFETY: Lua's allocator contract.
        return unsafe { system(ptr, osize, nsize) };
    }
    let growth = nsize.saturating_sub(old);
    // Buffers the host holds for the bot count against its limit too.
    let host = m.meter.host_bytes.load(Relaxed);
    if growth > 0
        && m.in_use()
            .saturating_sub(old)
            .saturating_add(nsize)
            .saturating_add(host)
            > m.meter.memory_limit()
    {
        let request: Request = (ptr as usize, osize, nsize);
        let retry = matches!(m.last_refused.replace(None), Some((r, _)) if r == request);
        return refused(m, request, growth, retry);
    }
    if growth < CHARGE_FROM && m.last_refused.get().is_none() {
        // The common case, kept short: small, nothing to charge or refuse.
        // SAFETY: as above.
        let new = unsafe { system(ptr, osize, nsize) };
        if new.is_null() {
            return refused(m, (ptr as usize, osize, nsize), growth, false);
        }
        m.set_in_use(m.in_use().saturating_sub(old).saturating_add(nsize));
        return new;
    }
    let request: Request = (ptr as usize, osize, nsize);
    // After a refusal Lua collects garbage and asks again, once: a budget
    // refusal stands, a refusal of the limit is tried again.
    let retry = match m.last_refused.replace(None) {
        Some((r, budget)) if r == request => {
            if budget {
                return std::ptr::null_mut();
            }
            true
        }
        _ => false,
    };
    if growth >= REFUSE_FROM && !retry && m.meter.over() {
        m.meter.refused_for_budget();
        m.last_refused.set(Some((request, true)));
        return std::ptr::null_mut();
    }
    // SAFETY: as above.
    let new = unsafe { system(ptr, osize, nsize) };
    if new.is_null() {
        return refused(m, request, growth, retry);
    }
    if growth >= CHARGE_FROM {
        m.meter.charge_quiet((growth / BYTES_PER_STEP) as u64);
    }
    m.set_in_use(m.in_use().saturating_sub(old).saturating_add(nsize));
    if ptr.is_null() && osize == ffi::LUA_TSTRING as usize && nsize >= TRACK_FROM {
        m.track(new as usize, nsize);
    }
    new
}

/// Frees, makes or grows a block as Lua asks (`nsize == 0` frees), from
/// the Rust allocator with the alignment mlua's allocator uses, so that the
/// blocks it made before this one took over are handled alike. `None` of
/// the limits: the caller keeps them. A failure of the system's allocator
/// is a refusal (mlua's own would abort the process).
///
/// # Safety
/// Lua's allocator contract: `ptr` is null or a block of `osize` bytes
/// made by this function or mlua's allocator.
unsafe fn system(ptr: *mut c_void, osize: usize, nsize: usize) -> *mut c_void {
    use std::alloc::{Layout, alloc, dealloc, realloc};
    const ALIGN: usize = ffi::SYS_MIN_ALIGN;
    if nsize == 0 {
        if !ptr.is_null() {
            // SAFETY: the block was made with this size and alignment.
            unsafe { dealloc(ptr.cast(), Layout::from_size_align_unchecked(osize, ALIGN)) };
        }
        return std::ptr::null_mut();
    }
    if nsize > isize::MAX as usize {
        return std::ptr::null_mut();
    }
    if ptr.is_null() {
        let Ok(layout) = Layout::from_size_align(nsize, ALIGN) else {
            return std::ptr::null_mut();
        };
        // SAFETY: `layout` has a non-zero size.
        return unsafe { alloc(layout) }.cast();
    }
    // SAFETY: the block was made with this size and alignment, and the new
    // size is non-zero and at most `isize::MAX`.
    unsafe {
        realloc(
            ptr.cast(),
            Layout::from_size_align_unchecked(osize, ALIGN),
            nsize,
        )
    }
    .cast()
}

/// The memory limit refused `request`: Lua will run a full emergency
/// collection and ask again (unless this was the second asking), which is
/// charged here.
fn refused(m: &Metered, request: Request, growth: usize, retry: bool) -> *mut c_void {
    if growth > 0 && !retry {
        m.meter
            .charge_quiet((m.in_use() / GC_BYTES_PER_STEP) as u64);
        m.last_refused.set(Some((request, false)));
    }
    std::ptr::null_mut()
}

/// Bytes compared per round of [`compare`].
const CHUNK: usize = 256;

/// `strcmp` of two C strings, charging `meter` for the call and the bytes
/// scanned; a doomed call gets an answer at once.
///
/// # Safety
/// `a` and `b` must be NUL-terminated strings.
#[cfg(unix)]
unsafe fn compare(a: *const c_char, b: *const c_char, meter: Option<&Meter>) -> c_int {
    if meter.is_some_and(Meter::over) {
        return 1;
    }
    let mut offset = 0usize;
    loop {
        // SAFETY: `strnlen` stops at the NUL, and `memcmp` reads no further
        // than the shorter of the two lengths it found; the byte after that
        // is the shorter string's NUL.
        let (result, scanned) = unsafe {
            let (a, b) = (a.add(offset), b.add(offset));
            let la = libc::strnlen(a, CHUNK);
            let lb = libc::strnlen(b, CHUNK);
            let n = la.min(lb);
            let c = libc::memcmp(a.cast(), b.cast(), n);
            if c != 0 {
                (Some(c), n)
            } else if n < CHUNK {
                let x = c_int::from(*a.add(n).cast::<u8>());
                let y = c_int::from(*b.add(n).cast::<u8>());
                (Some(x - y), n + 1)
            } else {
                (None, n)
            }
        };
        offset += scanned;
        if let Some(r) = result {
            if let Some(m) = meter {
                // Two steps a call (l_strcmp's own work around it), one per
                // 64 bytes scanned.
                m.charge_quiet(2 + (offset / 64) as u64);
            }
            return r;
        }
    }
}

/// Lua's string order (see the module documentation). Defined here so that
/// the statically linked Lua calls it instead of the C library's.
///
/// # Safety
/// `a` and `b` must be NUL-terminated strings.
#[cfg(unix)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn strcoll(a: *const c_char, b: *const c_char) -> c_int {
    let charged = CURRENT.try_with(|c| {
        let current = c.try_borrow().ok();
        let meter = current.as_ref().and_then(|m| m.as_deref());
        // SAFETY: the caller passes NUL-terminated strings.
        unsafe { compare(a, b, meter) }
    });
    // SAFETY: as above (this thread is exiting: nothing to charge).
    charged.unwrap_or_else(|_| unsafe { compare(a, b, None) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(x: c_int) -> c_int {
        x.signum()
    }

    #[test]
    fn compares_like_strcmp() {
        let cases: [(&[u8], &[u8]); 9] = [
            (b"", b""),
            (b"a", b""),
            (b"", b"a"),
            (b"abc", b"abd"),
            (b"abc", b"ab"),
            (b"\xff", b"a"),
            (b"QQQ99", b"QQQ99"),
            (&[b'x'; 1000], &[b'x'; 1000]),
            (&[b'x'; 600], &[b'x'; 700]),
        ];
        for (a, b) in cases {
            let a = std::ffi::CString::new(a).unwrap_or_default();
            let b = std::ffi::CString::new(b).unwrap_or_default();
            // SAFETY: NUL-terminated strings.
            let (ours, libc) = unsafe {
                (
                    compare(a.as_ptr(), b.as_ptr(), None),
                    libc::strcmp(a.as_ptr(), b.as_ptr()),
                )
            };
            assert_eq!(sign(ours), sign(libc), "{a:?} {b:?}");
        }
    }

    /// The definition above is the one linked: calling `strcoll` by name
    /// charges the meter of the running call.
    #[test]
    fn the_interposed_strcoll_is_linked() {
        let meter = Meter::new();
        set_current(Some(&meter));
        let long = std::ffi::CString::new(vec![b'a'; 64 * 100]).unwrap_or_default();
        let before = meter.remaining();
        // SAFETY: NUL-terminated strings.
        let r = unsafe { libc::strcoll(long.as_ptr(), long.as_ptr()) };
        let after = meter.remaining();
        set_current(None);
        assert_eq!(r, 0);
        assert!(before - after >= 100, "charged {}", before - after);
    }
}
