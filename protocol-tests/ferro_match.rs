//! Integration tests for `ferro-match`: short matches between two copies of
//! `pbrain-ferro`, and matches against a deliberately broken fake engine
//! (`ferro_match/fake-engine.sh`, Unix only) whose faults must be counted as
//! losses of that engine.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const MATCH: &str = env!("CARGO_BIN_EXE_ferro-match");
const ENGINE: &str = env!("CARGO_BIN_EXE_pbrain-ferro");
/// No single run may take longer than this (a hang is a failure).
const RUN_LIMIT: Duration = Duration::from_secs(60);

/// Spawns happen under this lock, and so does writing the fake engine, so
/// that no child inherits a file handle open for writing on the script
/// (which would make executing it fail with "text file busy").
static SPAWN: Mutex<()> = Mutex::new(());

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn ferro_match(args: &[&str], env: &[(&str, &str)]) -> Run {
    run_tool(MATCH, args, env, None)
}

/// Runs one of the project's tools (in `dir` if given) to its end, within
/// [`RUN_LIMIT`].
fn run_tool(program: &str, args: &[&str], env: &[(&str, &str)], dir: Option<&Path>) -> Run {
    let mut command = Command::new(program);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = {
        let _guard = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
        command.spawn().expect("start the tool")
    };
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} {args:?} did not finish within {RUN_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// The numbers of a RESULT line.
#[derive(Debug, PartialEq)]
struct Result {
    name1: String,
    name2: String,
    w: u32,
    d: u32,
    l: u32,
    score: f64,
    faults: u32,
}

/// Parses the last stdout line, checking its exact shape:
/// `RESULT <n1> vs <n2>: W=<w> D=<d> L=<l> score=<s> Elo=<e> +/- <err> faults=<n>`.
fn result(run: &Run) -> Result {
    let last = run
        .stdout
        .lines()
        .last()
        .unwrap_or_else(|| panic!("no output; stderr:\n{}", run.stderr));
    let fail = || -> ! { panic!("bad RESULT line '{last}'\nstderr:\n{}", run.stderr) };
    let rest = last.strip_prefix("RESULT ").unwrap_or_else(|| fail());
    let (names, fields) = rest.split_once(": ").unwrap_or_else(|| fail());
    let (name1, name2) = names.split_once(" vs ").unwrap_or_else(|| fail());
    let parts: Vec<&str> = fields.split(' ').collect();
    if parts.len() != 8 || parts[5] != "+/-" {
        fail();
    }
    let field = |i: usize, key: &str| -> String {
        parts[i]
            .strip_prefix(key)
            .unwrap_or_else(|| fail())
            .to_string()
    };
    let int = |i: usize, key: &str| -> u32 { field(i, key).parse().unwrap_or_else(|_| fail()) };
    let _elo: f64 = field(4, "Elo=").parse().unwrap_or_else(|_| fail());
    let _err: f64 = parts[6].parse().unwrap_or_else(|_| fail());
    Result {
        name1: name1.to_string(),
        name2: name2.to_string(),
        w: int(0, "W="),
        d: int(1, "D="),
        l: int(2, "L="),
        score: field(3, "score=").parse().unwrap_or_else(|_| fail()),
        faults: int(7, "faults="),
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("ferro-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn openings(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/openings")
        .join(file)
        .display()
        .to_string()
}

/// The game lines of a summary file, split into columns.
fn summary_games(dir: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header = lines.next().expect("summary header");
    assert!(header.starts_with("game\topening\tblack\twhite\tresult\twinner\treason"));
    lines
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

#[test]
fn self_play_short_match() {
    let dir = temp_dir("self");
    let out = dir.display().to_string();
    let book = openings("freestyle15_balanced_pos.txt");
    let run = ferro_match(
        &[
            "--games",
            "4",
            "--tc-move",
            "0.05",
            "--size",
            "15",
            "--openings",
            &book,
            "--concurrency",
            "2",
            "--out",
            &out,
            ENGINE,
            ENGINE,
        ],
        &[],
    );
    assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);
    let r = result(&run);
    assert_eq!(
        (r.name1.as_str(), r.name2.as_str()),
        ("pbrain-ferro-1", "pbrain-ferro-2")
    );
    assert_eq!(r.w + r.d + r.l, 4);
    assert_eq!(r.faults, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Elo difference"));
    let games = summary_games(&dir);
    assert_eq!(games.len(), 4);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game[0], (i + 1).to_string());
        assert!(["five", "full-board", "move-limit"].contains(&game[6].as_str()));
        let psq = std::fs::read_to_string(dir.join(&game[11])).unwrap();
        assert!(psq.starts_with("Piskvorky 15x15, 11:11, 0\n"));
        assert!(psq.ends_with("-1\n"));
    }
    // Games 1 and 2 share opening line 1 with colours swapped.
    assert_eq!(games[0][1], "1");
    assert_eq!(games[1][1], "1");
    assert_eq!(games[0][2], games[1][3]);
}

#[test]
fn renju_match_with_names_and_sprt_line() {
    let run = ferro_match(
        &[
            "--games",
            "2",
            "--tc-move",
            "0.05",
            "--rule",
            "renju",
            "--size",
            "15",
            "--sprt",
            "0,10",
            "--name1",
            "new",
            "--name2",
            "base",
            ENGINE,
            ENGINE,
        ],
        &[],
    );
    assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);
    let r = result(&run);
    assert_eq!((r.name1.as_str(), r.name2.as_str()), ("new", "base"));
    assert_eq!(r.w + r.d + r.l, 2);
    assert_eq!(r.faults, 0);
    assert!(run.stdout.contains("SPRT elo0=0 elo1=10"), "{}", run.stdout);
    assert!(run.stderr.contains("LLR="), "{}", run.stderr);
}

#[test]
fn missing_engine_is_a_clear_error() {
    let run = ferro_match(&["--games", "2", ENGINE, "/no/such/engine"], &[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("/no/such/engine"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

#[test]
fn bad_openings_line_is_a_clear_error() {
    let dir = temp_dir("badbook");
    let book = dir.join("book.txt");
    // A comment line, which c-gomoku-cli cannot read either, stops the
    // match before its first game, naming the line.
    std::fs::write(&book, "h8i9\nh8i10\n# provenance\n").unwrap();
    let run = ferro_match(
        &["--openings", &book.display().to_string(), ENGINE, ENGINE],
        &[],
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("line 3"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn bad_command_line_is_a_usage_error() {
    let run = ferro_match(&["--games", "x", ENGINE, ENGINE], &[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--games"), "{}", run.stderr);
}

/// The data generator given no option prints its usage and stops, rather
/// than starting a million-position run into ./datagen.bin; `--help`
/// prints the same on stdout.
#[test]
fn datagen_without_options_prints_its_usage_and_writes_nothing() {
    let dir = temp_dir("datagen-usage");
    assert_usage_on_request(
        env!("CARGO_BIN_EXE_ferro-datagen"),
        "--from-matches DIR",
        &dir,
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "files written");
}

/// A tool with no option prints its usage (naming `marker`) on stderr and
/// exits 2; with `--help` or `-h`, on stdout with exit 0.
fn assert_usage_on_request(tool: &str, marker: &str, dir: &Path) {
    for (args, code) in [(&[][..], 2), (&["--help"][..], 0), (&["-h"][..], 0)] {
        let run = run_tool(tool, args, &[], Some(dir));
        assert_eq!(run.code, Some(code), "{tool} {args:?}");
        let usage = if code == 0 { &run.stdout } else { &run.stderr };
        assert!(usage.contains(marker), "{tool} {args:?}");
    }
}

/// The fitting tool given no option prints its usage and exits 2, `--help`
/// prints it on stdout (it used to answer "--help needs a value"), and a
/// bad option is a usage error too, not a failed fit.
#[test]
fn tune_without_options_prints_its_usage() {
    let dir = temp_dir("tune-usage");
    assert_usage_on_request(
        env!("CARGO_BIN_EXE_ferro-tune"),
        "--order-accuracy MATCH_DIR",
        &dir,
    );
    let run = run_tool(
        env!("CARGO_BIN_EXE_ferro-tune"),
        &["--epochs", "x"],
        &[],
        Some(&dir),
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--epochs x"), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "files written");
}

/// `scripts/compare-runs` pairs two runs of builds with different names
/// game by game, each run's score counted for its own engine (it used to
/// count run A's engine name in both runs, so that run B scored only its
/// draws, over the half of the games where the name matched neither side).
#[test]
fn compare_runs_counts_each_runs_own_engine() {
    let dir = temp_dir("compare-runs");
    // Four games, two openings from both sides: A wins games 1 and 3 (with
    // black and then white), B wins game 1 and draws game 2.
    let write = |name: &str, results: [(&str, &str); 4]| {
        let mut text = format!(
            "# ferro-match summary (format 1)\n# engine1: {name} = /bin/{name}\n\
             # engine2: rival = /bin/rival\n# rule: freestyle (INFO rule 0)\n\
             # size: 15x15\n# openings: book.txt\n\
             game\topening\tblack\twhite\tresult\twinner\treason\n"
        );
        for (game, (result, winner)) in results.into_iter().enumerate() {
            let (black, white) = if game % 2 == 0 {
                (name, "rival")
            } else {
                ("rival", name)
            };
            let winner = match winner {
                "me" => name,
                other => other,
            };
            text += &format!(
                "{}\t{}\t{black}\t{white}\t{result}\t{winner}\tfive\n",
                game + 1,
                game / 2 + 1
            );
        }
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let run_a = write(
        "build-a",
        [
            ("1-0", "me"),
            ("1-0", "rival"),
            ("1-0", "rival"),
            ("0-1", "me"),
        ],
    );
    let run_b = write(
        "build-b",
        [
            ("1-0", "me"),
            ("1/2-1/2", "-"),
            ("1-0", "rival"),
            ("1-0", "rival"),
        ],
    );
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/compare-runs");
    let run = run_tool(
        "python3",
        &[&script.display().to_string(), &run_a, &run_b],
        &[],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("A   0.500 (2 of 4)"), "{}", run.stdout);
    assert!(
        run.stdout.contains("B   0.375 (1.5 of 4)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("A-B +0.125"), "{}", run.stdout);
    // Runs joined by commas are pooled game by game: C wins games 1 and 3,
    // so A and C together score 1, 0, 1/2, 1/2.
    let run_c = write(
        "build-c",
        [
            ("1-0", "me"),
            ("1-0", "rival"),
            ("1-0", "me"),
            ("1-0", "rival"),
        ],
    );
    let run = run_tool(
        "python3",
        &[
            &script.display().to_string(),
            &format!("{run_a},{run_c}"),
            &run_b,
        ],
        &[],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("A   0.500 (4 of 8 over 2 runs)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("A-B +0.125"), "{}", run.stdout);
    // A name that plays in neither run is an error, not a score of zero.
    let run = run_tool(
        "python3",
        &[
            &script.display().to_string(),
            &run_a,
            &run_b,
            "--engine",
            "nobody",
        ],
        &[],
        None,
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("'nobody' plays no game"),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
mod broken_engines {
    use super::*;
    use std::sync::OnceLock;

    /// The fake engine, written once to the test's temporary directory
    /// (so its mode bits do not depend on the checkout).
    pub(super) fn fake_engine() -> &'static str {
        static PATH: OnceLock<String> = OnceLock::new();
        PATH.get_or_init(|| {
            use std::os::unix::fs::PermissionsExt;
            let _guard = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
            let path = temp_dir("fake").join("fake-engine");
            std::fs::write(&path, include_str!("ferro_match/fake-engine.sh")).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path.display().to_string()
        })
    }

    /// Two games, ferro first, the fake engine second; returns the RESULT
    /// and the summary's game lines.
    fn against_fake(mode: &str, extra: &[&str]) -> (Result, Vec<Vec<String>>, Run) {
        let dir = temp_dir(mode);
        let out = dir.display().to_string();
        let mut args = vec![
            "--games",
            "2",
            "--tc-move",
            "0.1",
            "--tolerance-ms",
            "300",
            "--out",
            &out,
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(&[ENGINE, fake_engine()]);
        let run = ferro_match(&args, &[("FAKE_MODE", mode)]);
        assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);
        let r = result(&run);
        let games = summary_games(&dir);
        (r, games, run)
    }

    /// Every game is lost by the fake engine with fault `kind`, and the
    /// table counts it in the fake engine's row.
    fn assert_fake_lost_by(mode: &str, kind: &str, extra: &[&str]) {
        let (r, games, run) = against_fake(mode, extra);
        assert_eq!(r.name2, "fake-engine");
        assert_eq!((r.w, r.d, r.l, r.faults), (2, 0, 0, 2), "{}", run.stdout);
        assert_eq!(r.score, 1.0);
        assert_eq!(games.len(), 2);
        for game in &games {
            assert_eq!(game[5], "pbrain-ferro", "{game:?}");
            assert_eq!(game[6], kind, "{game:?}");
        }
        // Faults table: the fake engine's row has 2 under `kind`, ferro's 0.
        assert_fault_rows(&run, "fake-engine", kind, 2, "pbrain-ferro");
    }

    /// The faults table: `loser`'s row has `count` faults of `kind` and
    /// nothing else, `other`'s row none.
    pub(super) fn assert_fault_rows(run: &Run, loser: &str, kind: &str, count: u32, other: &str) {
        let kinds = ["timeout", "crash", "illegal", "forbidden", "start"];
        let column = kinds.iter().position(|k| *k == kind).unwrap();
        let row = |name: &str| -> Vec<u32> {
            run.stdout
                .lines()
                .skip_while(|l| !l.contains("faults:"))
                .find(|l| l.starts_with(name))
                .unwrap_or_else(|| panic!("no fault row for {name}:\n{}", run.stdout))
                .split_whitespace()
                .skip(1)
                .map(|n| n.parse().unwrap())
                .collect()
        };
        let mut expected = vec![0; 5];
        expected[column] = count;
        assert_eq!(row(loser), expected, "{}", run.stdout);
        assert_eq!(row(other), vec![0; 5], "{}", run.stdout);
    }

    #[test]
    fn timeout_is_a_loss() {
        assert_fake_lost_by("timeout", "timeout", &[]);
    }

    #[test]
    fn crash_is_a_loss() {
        assert_fake_lost_by("crash", "crash", &[]);
    }

    #[test]
    fn occupied_cell_is_a_loss() {
        assert_fake_lost_by("occupied", "illegal", &[]);
    }

    #[test]
    fn occupied_cell_after_board_is_a_loss() {
        // With an opening both engines get BOARD first.
        let book = openings("freestyle15_balanced_pos.txt");
        assert_fake_lost_by("occupied", "illegal", &["--openings", &book]);
    }

    #[test]
    fn garbage_reply_is_a_loss() {
        assert_fake_lost_by("garbage", "illegal", &[]);
    }

    #[test]
    fn no_ok_to_start_is_a_loss() {
        assert_fake_lost_by("nook", "start", &[]);
    }

    #[test]
    fn error_to_start_is_a_loss() {
        assert_fake_lost_by("refuse", "start", &[]);
    }

    #[test]
    fn time_odds_give_engine2_its_own_turn_limit() {
        let dir = temp_dir("odds");
        let out = dir.display().to_string();
        let log = dir.join("fake.log");
        let args = [
            "--games",
            "2",
            "--tc-move",
            "0.2",
            "--tc-move2",
            "0.04",
            "--out",
            &out,
            ENGINE,
            fake_engine(),
        ];
        let log_text = log.display().to_string();
        let run = ferro_match(&args, &[("FAKE_MODE", "legal"), ("FAKE_LOG", &log_text)]);
        assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);
        assert_eq!(result(&run).faults, 0, "{}", run.stdout);
        let received = std::fs::read_to_string(&log).unwrap();
        assert!(received.contains("INFO timeout_turn 40"), "{received}");
        assert!(!received.contains("INFO timeout_turn 200"), "{received}");
        let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
        assert!(
            summary.contains("time of engine2: tc_move_ms=40"),
            "{summary}"
        );
        assert!(summary.contains("tc_move_ms=200 "), "{summary}");
    }

    #[test]
    fn sprt_stops_against_a_broken_engine() {
        let (r, games, run) = against_fake("crash", &["--games", "200", "--sprt", "0,50"]);
        assert!(run.stdout.contains("H1 accepted"), "{}", run.stdout);
        assert!(r.w < 200 && r.w == games.len() as u32);
        assert_eq!((r.d, r.l), (0, 0));
    }
}

/// `--swap2` matches between two fake engines, `fake-a` (ENGINE1) and
/// `fake-b`, each set up by its own environment (FAKE_MODE for moves,
/// FAKE_SWAP2 for SWAP2BOARD answers) and logging what it receives. The
/// fake proposes 7,7 8,7 7,8; with FAKE_MODE=occupied the engine to move
/// after the opening loses at once, which shows who that was.
#[cfg(unix)]
mod swap2 {
    use super::broken_engines::{assert_fault_rows, fake_engine};
    use super::*;

    /// A script `dir/name` running the fake engine with `env`, logging its
    /// input to `dir/name.log`.
    fn fake_with(dir: &Path, name: &str, env: &[(&str, &str)]) -> String {
        use std::os::unix::fs::PermissionsExt;
        let fake = fake_engine();
        let _guard = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
        let path = dir.join(name);
        let mut script = String::from("#!/bin/sh\n");
        for (key, value) in env {
            script.push_str(&format!("export {key}='{value}'\n"));
        }
        let log = dir.join(format!("{name}.log"));
        script.push_str(&format!(
            "export FAKE_LOG='{}'\nexec '{fake}' \"$@\"\n",
            log.display()
        ));
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.display().to_string()
    }

    struct Swap2Match {
        result: Result,
        games: Vec<Vec<String>>,
        run: Run,
        dir: PathBuf,
    }

    impl Swap2Match {
        /// What `name` received: every block from a line `head` to DONE.
        fn blocks(&self, name: &str, head: &str) -> Vec<Vec<String>> {
            let log =
                std::fs::read_to_string(self.dir.join(format!("{name}.log"))).unwrap_or_default();
            let mut blocks: Vec<Vec<String>> = Vec::new();
            let mut open = false;
            for line in log.lines() {
                if line == head {
                    blocks.push(Vec::new());
                    open = true;
                }
                if open {
                    blocks.last_mut().unwrap().push(line.to_string());
                    open = line != "DONE";
                }
            }
            blocks
        }

        /// The stones of game `number`'s `.psq`, 0-based `x,y`.
        fn psq_stones(&self, number: usize) -> Vec<String> {
            let game = &self.games[number - 1];
            let psq = std::fs::read_to_string(self.dir.join("out").join(&game[11])).unwrap();
            psq.lines()
                .skip(1)
                .map_while(|line| {
                    let fields: Vec<usize> = line
                        .split(',')
                        .map(|f| f.parse().ok())
                        .collect::<Option<_>>()?;
                    (fields.len() == 3).then(|| format!("{},{}", fields[0] - 1, fields[1] - 1))
                })
                .collect()
        }
    }

    /// `games` swap2 games under standard rules, fake-a with `a`'s
    /// environment against fake-b with `b`'s.
    fn swap2_match(test: &str, games: usize, a: &[(&str, &str)], b: &[(&str, &str)]) -> Swap2Match {
        let dir = temp_dir(&format!("swap2-{test}"));
        let engines = [fake_with(&dir, "fake-a", a), fake_with(&dir, "fake-b", b)];
        let out = dir.join("out").display().to_string();
        let games_text = games.to_string();
        let run = ferro_match(
            &[
                "--swap2",
                "--rule",
                "standard",
                "--games",
                &games_text,
                "--tc-move",
                "0.2",
                "--tolerance-ms",
                "1000",
                "--out",
                &out,
                &engines[0],
                &engines[1],
            ],
            &[],
        );
        assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);
        let result = result(&run);
        let games = summary_games(Path::new(&out));
        assert_eq!(games.len(), games_text.parse::<usize>().unwrap());
        Swap2Match {
            result,
            games,
            run,
            dir,
        }
    }

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    /// One game with both fakes answering SWAP2BOARD by `swap2`: the
    /// summary names `black`, `chooser` and `choice`; `to_move` received
    /// `board` (and lost by moving onto a stone); `stones` were played.
    fn check_branch(
        swap2: &str,
        black: &str,
        chooser: &str,
        choice: &str,
        to_move: &str,
        board: &[&str],
    ) {
        let env = [("FAKE_SWAP2", swap2)];
        let m = swap2_match(swap2, 1, &env, &env);
        let game = &m.games[0];
        let white = if black == "fake-a" {
            "fake-b"
        } else {
            "fake-a"
        };
        assert_eq!(
            (game[2].as_str(), game[3].as_str()),
            (black, white),
            "{game:?}"
        );
        assert_eq!((game[12].as_str(), game[13].as_str()), (chooser, choice));
        let winner = if to_move == "fake-a" {
            "fake-b"
        } else {
            "fake-a"
        };
        assert_eq!((game[5].as_str(), game[6].as_str()), (winner, "illegal"));
        // P1 (fake-a) proposed on an empty board, P2 chose on three stones,
        // and with two more stones P1 chose on five.
        let proposal = lines(&["SWAP2BOARD", "7,7", "8,7", "7,8", "DONE"]);
        let mut asked_a = vec![lines(&["SWAP2BOARD", "DONE"])];
        if choice.ends_with("@5") {
            let mut five = proposal.clone();
            five.splice(4..4, lines(&["8,8", "9,9"]));
            asked_a.push(five);
        }
        assert_eq!(m.blocks("fake-a", "SWAP2BOARD"), asked_a);
        assert_eq!(m.blocks("fake-b", "SWAP2BOARD"), vec![proposal]);
        // The engine to move got BOARD with the final colours; the other
        // one nothing, since the game ended there.
        assert_eq!(m.blocks(to_move, "BOARD"), vec![lines(board)]);
        assert!(m.blocks(winner, "BOARD").is_empty());
        let stones: Vec<String> = board[1..board.len() - 1]
            .iter()
            .map(|line| line.rsplit_once(',').unwrap().0.to_string())
            .collect();
        assert_eq!(m.psq_stones(1), stones);
        let engine1_won = winner == "fake-a";
        assert_eq!(
            (m.result.w, m.result.l),
            (engine1_won as u32, !engine1_won as u32)
        );
        assert!(
            m.run.stdout.contains("\nCHOOSER W=1 D=0 L=0 score=1.000\n"),
            "{}",
            m.run.stdout
        );
    }

    #[test]
    fn swap_at_three_gives_p2_black_and_p1_stone_four() {
        check_branch(
            "swap",
            "fake-b",
            "fake-b",
            "black@3",
            "fake-a",
            &["BOARD", "7,7,2", "8,7,1", "7,8,2", "DONE"],
        );
    }

    #[test]
    fn stone_at_three_keeps_p2_white_and_p1_to_move() {
        check_branch(
            "stay",
            "fake-a",
            "fake-b",
            "white@3",
            "fake-a",
            &["BOARD", "7,7,1", "8,7,2", "7,8,1", "6,6,2", "DONE"],
        );
    }

    #[test]
    fn two_stones_then_swap_gives_p1_black() {
        check_branch(
            "two-swap",
            "fake-a",
            "fake-a",
            "black@5",
            "fake-b",
            &["BOARD", "7,7,2", "8,7,1", "7,8,2", "8,8,1", "9,9,2", "DONE"],
        );
    }

    #[test]
    fn two_stones_then_stone_gives_p1_white() {
        check_branch(
            "two-stay",
            "fake-b",
            "fake-a",
            "white@5",
            "fake-b",
            &[
                "BOARD", "7,7,1", "8,7,2", "7,8,1", "8,8,2", "9,9,1", "6,6,2", "DONE",
            ],
        );
    }

    /// Two games in which fake-b answers SWAP2BOARD by `swap2` (as P2, then
    /// as P1) and loses both by `kind`; no game reaches a choice.
    fn assert_b_loses_exchange(swap2: &str, kind: &str, detail: &str) {
        let m = swap2_match(swap2, 2, &[], &[("FAKE_SWAP2", swap2)]);
        let r = &m.result;
        assert_eq!((r.w, r.d, r.l, r.faults), (2, 0, 0, 2), "{}", m.run.stdout);
        for game in &m.games {
            assert_eq!((game[5].as_str(), game[6].as_str()), ("fake-a", kind));
            assert!(game[10].contains(detail), "{game:?}");
            assert_eq!((game[12].as_str(), game[13].as_str()), ("-", "-"));
        }
        assert_fault_rows(&m.run, "fake-b", kind, 2, "fake-a");
        assert!(m.run.stdout.contains("\nCHOOSER W=0 D=0 L=0 score=0.500\n"));
    }

    #[test]
    fn unreadable_swap2_reply_is_a_loss() {
        assert_b_loses_exchange("garbage", "illegal", "swap2 reply 'hello world'");
    }

    #[test]
    fn swap2_stone_on_a_stone_is_a_loss() {
        // As P1 the bad stone is the proposal's white one: still P1's fault.
        assert_b_loses_exchange("occupied", "illegal", "swap2: move 7,7 is on a stone");
    }

    #[test]
    fn slow_swap2_reply_is_a_loss() {
        assert_b_loses_exchange("timeout", "timeout", "no reply within");
    }

    #[test]
    fn chooser_tally_follows_the_chooser() {
        // fake-b always swaps and then moves onto a stone; fake-a plays
        // stone 4 itself and then legal moves. So fake-b loses every game:
        // as chooser (games 1, 3: black@3) and against fake-a as chooser
        // (games 2, 4: white@3).
        let m = swap2_match(
            "tally",
            4,
            &[("FAKE_SWAP2", "stay"), ("FAKE_MODE", "legal")],
            &[("FAKE_SWAP2", "swap")],
        );
        let r = &m.result;
        assert_eq!((r.w, r.d, r.l, r.faults), (4, 0, 0, 4), "{}", m.run.stdout);
        for (i, game) in m.games.iter().enumerate() {
            let (chooser, choice, black) = if i % 2 == 0 {
                ("fake-b", "black@3", "fake-b")
            } else {
                ("fake-a", "white@3", "fake-b")
            };
            assert_eq!(
                (game[12].as_str(), game[13].as_str(), game[2].as_str()),
                (chooser, choice, black),
                "game {}",
                i + 1
            );
            assert_eq!(game[5], "fake-a");
        }
        let expected = "CHOOSER W=2 D=0 L=2 score=0.500\n\
                        CHOOSER fake-a: W=2 D=0 L=0 score=1.000 took black=0 white=2\n\
                        CHOOSER fake-b: W=0 D=0 L=2 score=0.000 took black=2 white=0\n";
        assert!(m.run.stdout.contains(expected), "{}", m.run.stdout);
        let summary = std::fs::read_to_string(m.dir.join("out/summary.txt")).unwrap();
        assert!(summary.contains("# CHOOSER W=2 D=0 L=2"), "{summary}");
        // Game 1: fake-a (white after the SWAP) got BOARD and played 0,0;
        // fake-b then got BOARD too, with fake-a's stone 4 as the opponent's.
        let a_boards = m.blocks("fake-a", "BOARD");
        assert_eq!(
            a_boards[0],
            lines(&["BOARD", "7,7,2", "8,7,1", "7,8,2", "DONE"])
        );
        let b_boards = m.blocks("fake-b", "BOARD");
        assert_eq!(
            b_boards[0],
            lines(&["BOARD", "7,7,1", "8,7,2", "7,8,1", "0,0,2", "DONE"])
        );
    }
}
