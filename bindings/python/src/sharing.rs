//! How a `Session` and its `Module`s are shared between Python threads
//! and with the callbacks of their own runs.
//!
//! Guarantees:
//!
//! - **Threads wait their turn.** A session's state and each module's IR
//!   are behind a [`RwLock`] of their own ([`Shared`]): calls that only
//!   read (lowering, running and evaluating with a session; printing a
//!   module or evaluating it) run at once, and calls that change them
//!   (parsing and options on a session; lowering, running or mapping ops
//!   on a module) wait for the others. A call locks its session, then its
//!   module, and nothing else, so calls cannot wait on each other in a
//!   cycle; only a callback can close one, by waiting for something (a
//!   thread, another session's run) that waits for its own run.
//! - **No deadlock with the GIL.** A lock is only taken, and only held,
//!   by work running without the GIL: the state is reached only through
//!   an [`Access`], which every entry point locks inside the work it hands
//!   to [`crate::errors::shielded`], and whose guards are not `Send`, so
//!   they cannot outlive that work. A thread that holds the GIL
//!   therefore never waits for a lock, while a thread that holds a lock
//!   may wait for the GIL (to call back into Python).
//! - **Re-entry is refused, not deadlocked.** While a run calls a Python
//!   callback (`on_stage`, `after_pass`), it holds its session's and
//!   module's locks; the thread calling back is marked ([`CallingBack`])
//!   with that session and those of the callbacks the run is nested in,
//!   and any use of these sessions or of a module they parsed from that
//!   thread raises [`ReentrancyError`] instead of waiting for itself.

use crate::errors::ReentrancyError;
use pyo3::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Which session a piece of state belongs to: a session's own state and
/// every module it parsed carry its id.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SessionId(u64);

impl SessionId {
    /// An id no other session has.
    pub fn fresh() -> SessionId {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        SessionId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

thread_local! {
    /// The sessions whose runs are calling back into Python on this
    /// thread: those of the callbacks it is nested in, then the innermost.
    static CALLING_BACK: RefCell<Vec<SessionId>> = const { RefCell::new(Vec::new()) };
}

/// Marks the current thread as calling back into Python from runs of
/// some sessions, for as long as it lives.
///
/// A run works on threads of its own (a large stack, pieces in parallel),
/// so a callback nested in another runs on another thread than the outer
/// one: a run takes the marks of the thread that started it
/// ([`CallingBack::current`]) and passes them on, with its own session,
/// to the thread of each callback.
pub struct CallingBack {
    outside: Vec<SessionId>,
}

impl CallingBack {
    /// The sessions the current thread is calling back from.
    pub fn current() -> Vec<SessionId> {
        CALLING_BACK.with_borrow(Vec::clone)
    }

    /// Mark the current thread as calling back from `sessions` (the
    /// outermost first), until the mark is dropped.
    pub fn enter(sessions: Vec<SessionId>) -> CallingBack {
        CallingBack {
            outside: CALLING_BACK.replace(sessions),
        }
    }
}

impl Drop for CallingBack {
    fn drop(&mut self) {
        CALLING_BACK.set(std::mem::take(&mut self.outside));
    }
}

/// State of session `owner` (the session's own, or a module's), shared
/// between threads behind a lock.
pub struct Shared<T> {
    owner: SessionId,
    state: RwLock<T>,
}

impl<T> Shared<T> {
    pub fn new(owner: SessionId, state: T) -> Shared<T> {
        Shared {
            owner,
            state: RwLock::new(state),
        }
    }

    /// The session this state belongs to.
    pub fn owner(&self) -> SessionId {
        self.owner
    }

    /// Permission to lock this state, for work without the GIL. Raises
    /// `ReentrancyError` when the current thread is calling back from a
    /// run of the owning session, which holds the locks the call would
    /// wait for.
    pub fn access(&self) -> PyResult<Access<'_, T>> {
        let calling_back = CALLING_BACK.with_borrow(|sessions| sessions.contains(&self.owner));
        match calling_back {
            false => Ok(Access(&self.state)),
            true => Err(ReentrancyError::new_err(
                "a callback of a run used the session running it, or a module of that \
                 session: the run holds them until it ends (use another Session, or act \
                 after the run)",
            )),
        }
    }
}

/// Permission to lock a [`Shared`] state: obtained with the GIL (where
/// re-entry is checked), used without it.
#[derive(Clone, Copy)]
pub struct Access<'a, T>(&'a RwLock<T>);

impl<'a, T> Access<'a, T> {
    /// The state to read, once no call changes it. A panic caught while a
    /// call held the lock (an `InternalError`) leaves the state as the
    /// panic did, which `InternalError` warns about; it stays usable.
    pub fn read(self) -> RwLockReadGuard<'a, T> {
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The state to change, once no other call uses it.
    pub fn write(self) -> RwLockWriteGuard<'a, T> {
        self.0.write().unwrap_or_else(PoisonError::into_inner)
    }
}
