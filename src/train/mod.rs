//! Training the evaluation from Ferro's own games: `ferro-datagen` writes
//! self-play positions ([`datagen`], in the format of [`format`]) and
//! `ferro-tune` fits the evaluation tables to them ([`tune`]).

pub mod datagen;
pub mod format;
pub mod tune;

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
