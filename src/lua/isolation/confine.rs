//! What a bot's child process does to itself before it reads the bot: the
//! backstops behind the Lua sandbox, for the day a bot finds a way around it.
//!
//! - It dies with the engine (`PR_SET_PDEATHSIG`).
//! - It keeps no descriptor but its two pipes (standard input and output).
//! - Resource limits: address space (the Lua allocator's limit plus room for
//!   the program itself), CPU time (moved forward before each call, so only
//!   a call that runs away reaches it), no files written, no core dumps.
//! - `PR_SET_NO_NEW_PRIVS`, then a seccomp filter that allows only the
//!   system calls the Lua host needs: reading and writing its pipes, memory
//!   management, clocks, futexes, and leaving. Any other call kills the
//!   process (`SIGSYS`), and the engine reports it.
//!
//! The filter is built with `seccompiler` (rust-vmm's maintained crate,
//! used by Firecracker): a plain allow-list of system calls needs none of
//! libseccomp's features, and it compiles to BPF without a C library.

use std::io;
use std::time::Duration;

/// Bytes of address space allowed beyond the Lua state's own limit: the
/// program's code and data, the stack and the host's buffers.
const ADDRESS_SPACE_ROOM: u64 = 512 << 20;

/// CPU seconds allowed beyond what the process has used, at the least; a
/// call may never use more than a few times its wall-clock limit.
const CPU_ROOM_SECS: u64 = 30;

/// Confines the calling process (the child, before it reads anything).
/// Returns the CPU-time limit, to be renewed before each call.
pub(crate) fn confine(memory_bytes: u64, wall: Duration, parent: u32) -> io::Result<CpuLimit> {
    die_with_parent(parent)?;
    // If memory runs out all the same, the kernel's OOM killer takes this
    // process first (raising one's own score needs no privilege).
    let _ = std::fs::write("/proc/self/oom_score_adj", "1000");
    close_other_descriptors()?;
    limit(libc::RLIMIT_CORE, 0)?;
    limit(libc::RLIMIT_FSIZE, 0)?;
    let address_space = memory_bytes
        .saturating_add(ADDRESS_SPACE_ROOM)
        .min(physical_memory());
    limit(libc::RLIMIT_AS, address_space)?;
    let mut cpu = CpuLimit::new(wall);
    cpu.renew()?;
    filter::install()?;
    Ok(cpu)
}

/// Bytes of RAM in the machine (no bot may have more address space: a
/// limit set above it would let the bot exhaust the machine).
fn physical_memory() -> u64 {
    // SAFETY: sysinfo fills the struct it is given.
    unsafe {
        let mut info: libc::sysinfo = std::mem::zeroed();
        if libc::sysinfo(&mut info) != 0 {
            return u64::MAX;
        }
        // (`totalram` is 32 bits wide on 32-bit targets.)
        #[allow(clippy::useless_conversion)]
        let total = u64::from(info.totalram);
        total.saturating_mul(u64::from(info.mem_unit))
    }
}

/// The hard value of a resource limit (what no unprivileged process may
/// raise).
fn hard_limit(resource: libc::__rlimit_resource_t) -> u64 {
    let mut l = libc::rlimit {
        rlim_cur: 0,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: a plain system call on a valid struct.
    unsafe { libc::getrlimit(resource, &mut l) };
    l.rlim_max
}

/// Sets both the soft and the hard value of a resource limit (no higher
/// than the hard limit inherited).
fn limit(resource: libc::__rlimit_resource_t, value: u64) -> io::Result<()> {
    let value = value.min(hard_limit(resource));
    let l = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: a plain system call on a valid struct.
    if unsafe { libc::setrlimit(resource, &l) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

fn die_with_parent(parent: u32) -> io::Result<()> {
    // SAFETY: plain prctl calls.
    unsafe {
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
            return Err(io::Error::last_os_error());
        }
        // The parent may have died before the call above.
        if u32::try_from(libc::getppid()).ok() != Some(parent) {
            return Err(io::Error::other("the engine is gone"));
        }
    }
    Ok(())
}

/// Closes every descriptor but 0 and 1 (the pipes), standard error included.
fn close_other_descriptors() -> io::Result<()> {
    // SAFETY: closing descriptors this process does not use. close_range
    // exists since Linux 5.9; older kernels get the loop below.
    let done = unsafe { libc::syscall(libc::SYS_close_range, 2u32, u32::MAX, 0u32) } == 0;
    if !done {
        let open: Vec<i32> = std::fs::read_dir("/proc/self/fd")?
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd >= 2)
            .collect();
        for fd in open {
            // SAFETY: as above.
            unsafe { libc::close(fd) };
        }
    }
    Ok(())
}

/// The CPU-time limit, kept a little ahead of what the process has used.
pub(crate) struct CpuLimit {
    room: u64,
    /// The hard limit inherited, which cannot be raised.
    hard: u64,
    /// CPU seconds used when the limit was last set.
    set_at: u64,
}

impl CpuLimit {
    pub(crate) fn new(wall: Duration) -> CpuLimit {
        CpuLimit {
            room: CPU_ROOM_SECS.max(wall.as_secs().saturating_mul(4)),
            hard: hard_limit(libc::RLIMIT_CPU),
            set_at: 0,
        }
    }

    /// Called before each call of the bot: moves the limit forward once
    /// half its room is used (one clock read; rarely a system call more).
    pub(crate) fn renew(&mut self) -> io::Result<()> {
        let used = cpu_seconds();
        if used < self.set_at + self.room / 2 && self.set_at > 0 {
            return Ok(());
        }
        let l = libc::rlimit {
            rlim_cur: (used + self.room).min(self.hard),
            rlim_max: self.hard,
        };
        // SAFETY: a plain system call on a valid struct; only the soft
        // limit moves, so it can move again later.
        if unsafe { libc::setrlimit(libc::RLIMIT_CPU, &l) } != 0 {
            return Err(io::Error::last_os_error());
        }
        self.set_at = used.max(1);
        Ok(())
    }
}

fn cpu_seconds() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock and struct.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    u64::try_from(t.tv_sec).unwrap_or(0)
}

#[cfg(target_os = "linux")]
mod filter {
    use seccompiler::{
        BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
        SeccompRule,
    };
    use std::collections::BTreeMap;
    use std::io;

    /// System calls allowed whatever their arguments.
    const ALLOWED: &[libc::c_long] = &[
        // Memory.
        libc::SYS_brk,
        libc::SYS_mmap,
        libc::SYS_munmap,
        libc::SYS_mremap,
        libc::SYS_mprotect,
        libc::SYS_madvise,
        // Locks and clocks.
        libc::SYS_futex,
        libc::SYS_clock_gettime,
        libc::SYS_gettimeofday,
        libc::SYS_sched_yield,
        libc::SYS_getrandom,
        // Leaving, and the signal machinery an abort or a crash report uses.
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_rt_sigreturn,
        libc::SYS_rt_sigprocmask,
        libc::SYS_rt_sigaction,
        libc::SYS_sigaltstack,
        libc::SYS_getpid,
        libc::SYS_gettid,
        libc::SYS_tgkill,
        libc::SYS_close,
    ];

    fn arg_is(index: u8, value: u64) -> io::Result<SeccompRule> {
        let cond = SeccompCondition::new(index, SeccompCmpArgLen::Qword, SeccompCmpOp::Eq, value)
            .map_err(io::Error::other)?;
        SeccompRule::new(vec![cond]).map_err(io::Error::other)
    }

    fn two_args(a: (u8, u64), b: (u8, u64)) -> io::Result<SeccompRule> {
        let c = |(i, v)| {
            SeccompCondition::new(i, SeccompCmpArgLen::Qword, SeccompCmpOp::Eq, v)
                .map_err(io::Error::other)
        };
        SeccompRule::new(vec![c(a)?, c(b)?]).map_err(io::Error::other)
    }

    pub(super) fn install() -> io::Result<()> {
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
            ALLOWED.iter().map(|&s| (s, Vec::new())).collect();
        // Reading the request pipe, writing the reply pipe.
        rules.insert(libc::SYS_read, vec![arg_is(0, 0)?]);
        // (And standard error, closed: Rust's out-of-memory report tries it
        // before aborting, and the abort should say what happened.)
        rules.insert(libc::SYS_write, vec![arg_is(0, 1)?, arg_is(0, 2)?]);
        // Moving the CPU-time limit forward (glibc's setrlimit is prlimit64
        // on this process).
        rules.insert(
            libc::SYS_prlimit64,
            vec![two_args((0, 0), (1, u64::from(libc::RLIMIT_CPU)))?],
        );
        let arch = std::env::consts::ARCH
            .try_into()
            .map_err(io::Error::other)?;
        let filter = SeccompFilter::new(
            rules,
            SeccompAction::KillProcess,
            SeccompAction::Allow,
            arch,
        )
        .map_err(io::Error::other)?;
        let program: BpfProgram = filter.try_into().map_err(io::Error::other)?;
        seccompiler::apply_filter(&program).map_err(io::Error::other)
    }
}

#[cfg(not(target_os = "linux"))]
mod filter {
    /// No system-call filter outside Linux: the other limits still apply.
    pub(super) fn install() -> std::io::Result<()> {
        Ok(())
    }
}
