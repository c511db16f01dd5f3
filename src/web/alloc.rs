//! A small allocator for the wasm build, in place of the standard library's dlmalloc (about 7 KB of code, the
//! largest single item of the module before this).
//!
//! Blocks come in power-of-two sizes from 8 bytes up, each aligned to its own size. A freed block goes on the
//! free list of its size and is the next one handed out for that size; new blocks are cut from the end of the
//! heap, which grows by whole wasm pages. Nothing is ever merged or split, so a block can be up to twice the
//! size asked for: a game's allocations are small, short-lived and of a few sizes (strings of a render, the
//! search's vectors, the transposition table), which reuse their blocks, and the heap stays at a few pages.
//! The page is single-threaded, so the state needs no lock.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::null_mut;

/// One free list per size class: class `c` holds blocks of `8 << c` bytes (up to 256 MB).
const CLASSES: usize = 26;
const PAGE: usize = 65_536;

pub struct SizeClasses {
    state: UnsafeCell<State>,
}

struct State {
    /// The first free block of each class; a free block holds the address of the next.
    free: [*mut u8; CLASSES],
    /// Where the next new block is cut, and where the memory the heap owns ends.
    next: usize,
    end: usize,
}

// SAFETY: wasm32-unknown-unknown without threads: there is one thread, so no concurrent access.
unsafe impl Sync for SizeClasses {}

impl SizeClasses {
    pub const fn new() -> SizeClasses {
        SizeClasses {
            state: UnsafeCell::new(State {
                free: [null_mut(); CLASSES],
                next: 0,
                end: 0,
            }),
        }
    }
}

/// The class of blocks that fit `layout`: big enough for its size and aligned enough for its alignment.
fn class(layout: &Layout) -> usize {
    let size = layout.size().max(layout.align()).max(8);
    (size.next_power_of_two().trailing_zeros() - 3) as usize
}

unsafe impl GlobalAlloc for SizeClasses {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let class = class(&layout);
        // Blocks are aligned to a page at most: a layout asking for more is refused, never misaligned.
        if class >= CLASSES || layout.align() > PAGE {
            return null_mut();
        }
        // SAFETY: one thread, and no allocation happens while the state is borrowed.
        let state = unsafe { &mut *self.state.get() };
        let head = state.free[class];
        if !head.is_null() {
            // SAFETY: a free block of this class starts with the address of the next free block.
            state.free[class] = unsafe { *(head as *mut *mut u8) };
            return head;
        }
        let size = 8usize << class;
        // Each block is aligned to its size, up to a page.
        let align = size.min(PAGE);
        let mut start = (state.next + align - 1) & !(align - 1);
        if start.checked_add(size).is_none_or(|stop| stop > state.end) {
            let pages = size.div_ceil(PAGE);
            let old = core::arch::wasm32::memory_grow(0, pages);
            if old == usize::MAX {
                return null_mut();
            }
            if old * PAGE != state.end {
                // The first block, or memory grown by someone else: the heap goes on in the new pages.
                state.next = old * PAGE;
                start = state.next;
            }
            state.end = (old + pages) * PAGE;
        }
        let stop = start + size;
        state.next = stop;
        start as *mut u8
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        let class = class(&layout);
        // SAFETY: one thread; `block` came from `alloc` with this layout, so it is a block of this class.
        let state = unsafe { &mut *self.state.get() };
        unsafe { *(block as *mut *mut u8) = state.free[class] };
        state.free[class] = block;
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees `layout.align()` with `new_size` is a valid layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class(&new_layout) == class(&layout) {
            return block;
        }
        let moved = unsafe { self.alloc(new_layout) };
        if !moved.is_null() {
            unsafe {
                core::ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                self.dealloc(block, layout);
            }
        }
        moved
    }
}
