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
    let mut command = Command::new(MATCH);
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
        command.spawn().expect("start ferro-match")
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
            panic!("ferro-match {args:?} did not finish within {RUN_LIMIT:?}");
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
    std::fs::write(&book, "h8i9\n# ok\nh8 zz\n").unwrap();
    let run = ferro_match(
        &["--openings", &book.display().to_string(), ENGINE, ENGINE],
        &[],
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("line 3"), "{}", run.stderr);
}

#[test]
fn bad_command_line_is_a_usage_error() {
    let run = ferro_match(&["--games", "x", ENGINE, ENGINE], &[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--games"), "{}", run.stderr);
}

#[cfg(unix)]
mod broken_engines {
    use super::*;
    use std::sync::OnceLock;

    /// The fake engine, written once to the test's temporary directory
    /// (so its mode bits do not depend on the checkout).
    fn fake_engine() -> &'static str {
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
        expected[column] = 2;
        assert_eq!(row("fake-engine"), expected, "{}", run.stdout);
        assert_eq!(row("pbrain-ferro"), vec![0; 5], "{}", run.stdout);
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
    fn sprt_stops_against_a_broken_engine() {
        let (r, games, run) = against_fake("crash", &["--games", "200", "--sprt", "0,50"]);
        assert!(run.stdout.contains("H1 accepted"), "{}", run.stdout);
        assert!(r.w < 200 && r.w == games.len() as u32);
        assert_eq!((r.d, r.l), (0, 0));
    }
}
