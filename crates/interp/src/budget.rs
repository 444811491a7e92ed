//! A work budget shared by many runs of the interpreter: a deadline, a
//! total number of steps, and a flag another thread raises to stop them
//! (an interrupt). A run checks it every [`CHECK_EVERY`] steps and ends
//! with [`crate::InterpError::Stopped`] once it is spent, so that sampling
//! many inputs (`--verify-semantics`) stops in bounded time whatever the
//! functions do, and a host (Python's Ctrl-C) can stop it from outside.
//!
//! A [`Budget`] is cheap to clone: clones share one state, so that runs
//! on several threads draw from the same total.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Steps a run takes between two looks at its budget.
pub const CHECK_EVERY: u64 = 1024;

/// Why a budget is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spent {
    /// The time it allowed (this long) has passed.
    Time(Duration),
    /// Its steps (this many) are used up.
    Steps(u64),
    /// Its interrupt was raised.
    Interrupted,
}

impl std::fmt::Display for Spent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spent::Time(t) => write!(f, "its time budget of {} s is spent", t.as_secs_f64()),
            Spent::Steps(n) => write!(f, "its budget of {n} steps is spent"),
            Spent::Interrupted => f.write_str("it was interrupted"),
        }
    }
}

/// A flag that stops every run of the budgets made with it once raised;
/// it stays raised until cleared.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// Stop the runs that use this interrupt.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Let runs go on again.
    pub fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
    /// Whether it was raised (and not cleared since).
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[derive(Debug)]
struct State {
    started: Instant,
    time: Option<Duration>,
    /// Steps allowed in total, and those left.
    steps: Option<u64>,
    steps_left: AtomicU64,
    interrupt: Interrupt,
}

/// Work allowed to a set of runs (see the module doc). The default budget
/// is unlimited and cannot be interrupted.
#[derive(Clone, Debug)]
pub struct Budget(Arc<State>);

impl Default for Budget {
    fn default() -> Self {
        Budget::new(None, None, Interrupt::default())
    }
}

impl Budget {
    /// A budget of `time` from now and `steps` in total (`None`: no limit),
    /// stopped early when `interrupt` is raised.
    pub fn new(time: Option<Duration>, steps: Option<u64>, interrupt: Interrupt) -> Self {
        Budget(Arc::new(State {
            started: Instant::now(),
            time,
            steps,
            steps_left: AtomicU64::new(steps.unwrap_or(u64::MAX)),
            interrupt,
        }))
    }

    /// Take `steps` from the budget; whether it is spent (then or before).
    pub fn charge(&self, steps: u64) -> Option<Spent> {
        let before = self
            .0
            .steps_left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left.saturating_sub(steps))
            })
            .unwrap_or(0);
        match self.0.steps {
            Some(total) if before <= steps => Some(Spent::Steps(total)),
            _ => self.spent(),
        }
    }

    /// Why the budget is spent, if it is (steps are looked at as charged).
    pub fn spent(&self) -> Option<Spent> {
        if self.0.interrupt.is_raised() {
            return Some(Spent::Interrupted);
        }
        if let (Some(total), 0) = (self.0.steps, self.0.steps_left.load(Ordering::Relaxed)) {
            return Some(Spent::Steps(total));
        }
        self.0
            .time
            .filter(|&t| self.0.started.elapsed() >= t)
            .map(Spent::Time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_run_out_for_every_clone() {
        let budget = Budget::new(None, Some(2_000), Interrupt::default());
        let clone = budget.clone();
        assert_eq!(budget.charge(1_024), None);
        assert_eq!(clone.charge(1_024), Some(Spent::Steps(2_000)));
        assert_eq!(budget.spent(), Some(Spent::Steps(2_000)));
    }

    #[test]
    fn an_interrupt_stops_until_cleared() {
        let interrupt = Interrupt::default();
        let budget = Budget::new(None, None, interrupt.clone());
        assert_eq!(budget.spent(), None);
        interrupt.raise();
        assert_eq!(budget.charge(1), Some(Spent::Interrupted));
        interrupt.clear();
        assert_eq!(budget.spent(), None);
    }

    #[test]
    fn time_runs_out() {
        let budget = Budget::new(Some(Duration::ZERO), None, Interrupt::default());
        assert_eq!(budget.spent(), Some(Spent::Time(Duration::ZERO)));
        assert_eq!(Budget::default().charge(u64::MAX), None);
    }
}
