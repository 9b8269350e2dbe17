//! Tournaments: whole runs, schedules and statistics.

mod runs;
mod schedule;
mod stats;
