//! Training the evaluation from Ferro's own games: `ferro-datagen` writes
//! self-play positions ([`datagen`], in the format of [`format`]), or the
//! positions of match games ([`from_matches`]), and `ferro-tune` fits the
//! evaluation tables to them ([`tune`]).

pub mod datagen;
pub mod format;
pub mod from_matches;
pub mod ordering;
pub mod policy;
pub mod relabel;
pub mod tune;

/// Is position `position` held out for validation: one in `every`, chosen
/// by `seed` (the same split in every run with that seed).
pub fn held_out(position: usize, seed: u64, every: u64) -> bool {
    let mut rng = crate::rng::SplitMix64::new(seed ^ (position as u64).wrapping_mul(0x9e37_79b9));
    rng.below(every.max(2)) == 0
}

/// The slot of table `id` in `tables`, added if new.
pub fn table_slot(tables: &mut Vec<crate::eval::TableId>, id: crate::eval::TableId) -> u8 {
    let slot = tables.iter().position(|&t| t == id).unwrap_or_else(|| {
        tables.push(id);
        tables.len() - 1
    });
    slot as u8
}

/// The tools' usage rule: with no option, `usage` goes to stderr and the
/// process exits 2 (a run with every default would start a long job);
/// with `-h` or `--help` anywhere it goes to stdout and the process exits 0.
pub fn usage_on_request(arguments: &[String], usage: &str) {
    if arguments.is_empty() {
        eprint!("{usage}");
        std::process::exit(2);
    }
    if arguments.iter().any(|a| a == "-h" || a == "--help") {
        print!("{usage}");
        std::process::exit(0);
    }
}

/// The `--flag value` pairs of a tool's command line.
pub fn flag_values(arguments: &[String]) -> Result<Vec<(&str, &str)>, String> {
    arguments
        .chunks(2)
        .map(|pair| match pair {
            [flag, value] => Ok((flag.as_str(), value.as_str())),
            [flag] => Err(format!("{flag} needs a value")),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

#[cfg(test)]
mod tests;
