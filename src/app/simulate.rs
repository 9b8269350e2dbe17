//! `liar simulate`: a headless match between bots, with a summary.

use super::Failure;
use super::seats::seat_player;
use super::summary::print_summary;
use crate::cli::SimulateArgs;
use crate::engine::{MatchSetup, NoObserver, PenaltyPolicy, play_match};
use crate::replay::ReplayWriter;
use crate::rules::Rules;
use rand::Rng;
use std::fs::File;
use std::io::BufWriter;
use std::time::Instant;

pub fn run(args: &SimulateArgs) -> Result<(), Failure> {
    let specs: Vec<String> = if args.bots.is_empty() {
        vec![args.policy.clone(); args.players as usize]
    } else {
        args.bots.clone()
    };
    if !(2..=crate::rules::MAX_SEATS).contains(&specs.len()) {
        return Err(Failure::Usage(format!(
            "a match needs 2 to {} seats, got {}",
            crate::rules::MAX_SEATS,
            specs.len()
        )));
    }
    let seated = specs
        .iter()
        .enumerate()
        .map(|(seat, spec)| seat_player(seat, spec))
        .collect::<Result<Vec<_>, _>>()?;
    let seed = args.seed.unwrap_or_else(|| rand::rng().next_u64());
    let rules = Rules {
        min_players: 2,
        ..Rules::default()
    };
    let (infos, mut players): (Vec<_>, Vec<_>) =
        seated.into_iter().map(|s| (s.info, s.player)).unzip();
    let setup = MatchSetup {
        rules,
        seed,
        games: args.games,
        seats: infos,
        penalty: PenaltyPolicy::default(),
        stop: None,
    };
    let started = Instant::now();
    let stats = match &args.replay {
        None => play_match(&setup, &mut players, &mut NoObserver),
        Some(path) => {
            let file = File::create(path).map_err(|e| {
                Failure::Runtime(format!("cannot create replay file {}: {e}", path.display()))
            })?;
            let mut writer = ReplayWriter::new(BufWriter::new(file));
            let stats = play_match(&setup, &mut players, &mut writer);
            writer.finish().map_err(|e| {
                Failure::Runtime(format!("cannot write replay file {}: {e}", path.display()))
            })?;
            stats
        }
    }
    .map_err(|e| Failure::Usage(e.to_string()))?;
    let elapsed = started.elapsed();
    print_summary(&setup, &stats, seed);
    if !args.quiet {
        let secs = elapsed.as_secs_f64();
        println!(
            "{} games, {} rounds, {} decisions in {:.3} s ({:.0} games/s)",
            stats.games,
            stats.rounds,
            stats.decisions,
            secs,
            f64::from(stats.games) / secs.max(1e-9)
        );
    }
    Ok(())
}
