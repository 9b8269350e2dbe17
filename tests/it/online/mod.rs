//! `liar serve` end to end: the real binary on loopback, real sockets,
//! scripted clients (docs/online.md).

#[cfg(unix)]
mod join;
mod play;
mod privacy;
mod reconnect;
mod support;
