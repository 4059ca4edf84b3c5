/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SCTRACE_CONTENTS_ABI_H
#define SCTRACE_CONTENTS_ABI_H

/*
 * What the BPF program (bpf/contents.bpf.c) and sctrace agree on: how to
 * read each argument, and the records it writes into the rings. Only
 * fixed-size types: the program is built for the BPF target.
 */
#include <linux/types.h>

#define CT_MAX_ARGS 6
#define CT_MAX_NR 1024		/* syscall numbers the spec map covers */
#define CT_MAX_ITEM 4096	/* bytes read per item at most */
#define CT_MAX_ARGV 32		/* execve: argv strings read at most */
#define CT_MAX_ENVP 1024	/* execve: envp pointers counted at most */
#define CT_MAX_IOV 8		/* iovecs read at most */
#define CT_MAX_MSG 4		/* sendmmsg, recvmmsg: messages read at most (a power of two) */
#define CT_MAX_CONTROL 1024	/* a message's control bytes read at most */
#define CT_MAX_NAME 128		/* a message's address: sizeof(struct sockaddr_storage) */
#define CT_MAX_DIRENTS 1024	/* getdents: directory entries counted at most */
#define CT_LEN_NONE 7		/* len_arg: a fixed size, elem_size */
#define CT_SOCKETCALL_CALLS 21	/* socketcall's calls: SYS_SOCKET (1) to SYS_SENDMMSG (20) */

/* How the program reads one argument. */
enum ct_mode {
	CT_MODE_NONE,
	CT_MODE_STR,		/* a NUL-terminated string, up to max bytes */
	CT_MODE_BYTES,		/* elem_size * (len_arg or 1) bytes, up to max */
	CT_MODE_STRV,		/* a NULL-terminated array of strings */
	CT_MODE_COUNTV,		/* a NULL-terminated array: only its length */
	CT_MODE_IOV,		/* struct iovec[len_arg]: each one's first max bytes */
	CT_MODE_MSG,		/* struct msghdr, or mmsghdr[len_arg]: elem_size says which */
	CT_MODE_DIRENTS,	/* getdents' entries in len_arg bytes: only how many */
};

/* How the length argument counts (ct_arg_spec.flags). */
#define CT_LEN_BITS 1		/* an int count of bits, read as whole longs (fd_set) */
#define CT_LEN_PTR 2		/* it points to the int count, read at this side (socklen_t *) */
#define CT_LEN_UPTO_RET 4	/* the call's result, at most the argument (read's count) */

/* When it is read: at the enter, at the exit (from the enter's pointer), both. */
#define CT_AT_ENTER 1
#define CT_AT_EXIT 2

struct ct_arg_spec {
	__u8 mode;		/* enum ct_mode */
	__u8 when;		/* CT_AT_* bits */
	__u8 len_arg;		/* argument holding the count, or CT_LEN_NONE */
	__u8 flags;		/* CT_LEN_* */
	__u16 elem_size;	/* bytes per counted element */
	__u16 max;		/* bytes read at most */
	/*
	 * Read only if bit (args[cond_arg] >> cond_shift & cond_mask) of
	 * cond_values is set (futex's timeout, for the ops that take one;
	 * clone's parent_tid, with CLONE_PARENT_SETTID); CT_MAX_ARGS: always.
	 */
	__u8 cond_arg;
	__u8 cond_shift;
	/*
	 * At the exit of a call that returned more than 0, if ptr_at is not 0:
	 * the u64 at byte ptr_at - 1 of the struct the argument points to is
	 * a pointer to ptr_size bytes the kernel filled, read as a
	 * CT_PART_POINTED item if bit ptr_if_bit of the struct's first u64
	 * (its flags) is set: clone3's parent_tid with CLONE_PARENT_SETTID.
	 * Nothing else of that argument is read at the exit.
	 */
	__u8 ptr_at;
	__u8 ptr_size;
	__u8 ptr_if_bit;
	__u32 cond_mask;
	__u32 cond_values;
};

struct ct_call_spec {
	struct ct_arg_spec args[CT_MAX_ARGS];
};

/* Who is traced: the tids in the map, or (all) every task but sctrace's. */
struct ct_config {
	__u32 all;
	__u32 self_tgid;
	__u32 follow_forks;
	__u32 fork_child_offset;	/* of child_pid in sched_process_fork */
	__u32 exec_filename_offset;	/* of filename in sched_process_exec; 0: unknown */
	/*
	 * sctrace runs in a pid namespace other than the initial one: the
	 * ids it knows are those of this one (its nsfs dev, as the kernel
	 * encodes a dev_t, and inode), not the plain helper's.
	 */
	__u32 pid_ns;
	__u64 pid_ns_dev;
	__u64 pid_ns_ino;
	/*
	 * socketcall(call, args): its number (-1: the machine has none), and
	 * per call the syscall it makes (-1: none) and how many arguments
	 * it reads from args.
	 */
	__s32 socketcall_nr;
	__s16 socketcall_to[CT_SOCKETCALL_CALLS];
	__u8 socketcall_nargs[CT_SOCKETCALL_CALLS];
};

/*
 * A record's raw data: this head, then its items to the end, each a head and
 * len bytes padded to 8. common_type CT_RECORD_TYPE tells it from the
 * tracepoint entries in the same rings (the kernel's event ids stay below).
 */
#define CT_RECORD_TYPE 0xffff

struct ct_record_head {
	__u16 common_type;	/* CT_RECORD_TYPE */
	__u8 at_exit;
	__u8 flags;		/* CT_RECORD_* */
	__s32 nr;		/* the syscall */
	__u64 args[CT_MAX_ARGS];	/* its arguments: the call, if its enter was not seen */
};

/* The record had no room for all it should hold: what is missing was not read. */
#define CT_RECORD_FULL 1
/*
 * The enter's call is socketcall, and nr and args are those of the call
 * it makes, read from its args: shown as that call.
 */
#define CT_RECORD_SUBCALL 2

/* An item's status bits. */
#define CT_ITEM_FAULT 1		/* the memory could not be read */
#define CT_ITEM_CUT 2		/* there was more than len bytes */

/*
 * CT_MODE_IOV: an item per iovec (elem its index) holding the iovec, then
 * its first bytes: at the exit only those the call filled (its result,
 * spread over the iovecs in order). FAULT: the bytes could not be read.
 * An item shorter than the iovec ends the list: FAULT, the array could
 * not be read from elem on; CUT, there were more than CT_MAX_IOV; neither,
 * the array was empty.
 */
struct ct_iovec {
	__u64 base;
	__u64 len;
};

/*
 * CT_MODE_MSG: per message (ct_item_head.msg its index), a CT_PART_HDR
 * item holding a struct ct_msghdr (FAULT: the message's address, which
 * could not be read), then a CT_PART_NAME item with the address's bytes,
 * a CT_PART_CONTROL one with the control bytes, and the iovecs as
 * CT_MODE_IOV's, CT_PART_IOV; parts with no pointer or no length are left
 * out. At the exit the lengths are what the kernel wrote back, never more
 * than the buffers held at the enter, and the iovecs hold the bytes
 * received (recvmsg: the result; mmsghdr: msg_len).
 */
enum ct_part {
	CT_PART_NONE,		/* every other mode's items */
	CT_PART_HDR,
	CT_PART_NAME,
	CT_PART_CONTROL,
	CT_PART_IOV,
	CT_PART_POINTED,	/* what a pointer in the struct points to (ptr_at) */
};

/*
 * A message's header as the program read it: struct msghdr as the 64-bit
 * machines lay it out, read in place, with two of its padding words used.
 */
struct ct_msghdr {
	__u64 name;
	__u32 namelen;		/* at the exit: what the kernel wrote back */
	__u32 namelen_in;	/* the buffer's size at the enter */
	__u64 iov;
	__u64 iovlen;
	__u64 control;
	__u64 controllen;	/* at the exit: what the kernel wrote back */
	__u32 flags;
	__u32 msg_len;		/* an mmsghdr's; 0 for a msghdr */
};

struct ct_item_head {
	__u8 arg;
	__u8 status;
	__u16 len;
	__u16 elem;		/* STRV: the index; COUNTV, DIRENTS: the count */
	__u8 part;		/* enum ct_part */
	__u8 msg;		/* CT_MODE_MSG: the message's index */
};

#endif
