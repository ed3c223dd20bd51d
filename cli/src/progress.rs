//! Progress for long work: a bar on a terminal, plain log lines otherwise (cron, CI, pipes).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A progress reporter of `total` steps.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    pub fn new(total: u64, what: &str) -> Self {
        if !std::io::stderr().is_terminal() {
            return Self { bar: None };
        }
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} ({eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(what.to_owned());
        Self { bar: Some(bar) }
    }

    /// Moves the bar to `done` of `total`.
    pub fn set(&self, done: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// Prints a line above the bar, or to stderr without one.
    pub fn line(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }

    pub fn inc(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Reads a secret from the terminal without echo; `None` when no terminal is attached.
pub fn prompt_secret(label: &str) -> Option<String> {
    if !std::io::stdin().is_terminal() {
        return None;
    }
    rpassword::prompt_password(label).ok().filter(|s| !s.is_empty())
}
