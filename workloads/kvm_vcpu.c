// SPDX-License-Identifier: GPL-2.0
/*
 * A virtual machine of one vcpu whose guest writes a byte to an I/O port
 * and halts: two KVM_RUN calls, one exiting with KVM_EXIT_IO, the next
 * with KVM_EXIT_HLT. selftests/strace_opts.bats traces it with
 * `-e kvm=vcpu` beside strace. Exits 77 (skip) where /dev/kvm cannot run
 * it, and on other arches than x86_64 (its guest is x86 real-mode code).
 */
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#define SKIP 77

#ifdef __x86_64__
#define GUEST_ADDR 0x1000

/* Real mode: mov dx, 0x3f8; mov al, 'k'; out dx, al; hlt. */
static const uint8_t guest_code[] = {
	0xba, 0xf8, 0x03, 0xb0, 'k', 0xee, 0xf4,
};

static int set_up_vcpu(int vcpu)
{
	struct kvm_sregs sregs;
	struct kvm_regs regs;

	if (ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0)
		return -1;
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0)
		return -1;
	memset(&regs, 0, sizeof(regs));
	regs.rip = GUEST_ADDR;
	regs.rflags = 2;
	return ioctl(vcpu, KVM_SET_REGS, &regs);
}

static int run_guest(int kvm, int vm)
{
	struct kvm_userspace_memory_region region = {
		.guest_phys_addr = GUEST_ADDR, .memory_size = 0x1000,
	};
	struct kvm_run *run;
	int vcpu, size;
	void *mem;

	mem = mmap(NULL, 0x1000, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return SKIP;
	memcpy(mem, guest_code, sizeof(guest_code));
	region.userspace_addr = (uintptr_t)mem;
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) < 0)
		return SKIP;
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (vcpu < 0 || size <= 0 || set_up_vcpu(vcpu) < 0)
		return SKIP;
	run = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0);
	if (run == MAP_FAILED)
		return SKIP;
	if (ioctl(vcpu, KVM_RUN, 0) < 0 || run->exit_reason != KVM_EXIT_IO)
		return 1;
	if (ioctl(vcpu, KVM_RUN, 0) < 0 || run->exit_reason != KVM_EXIT_HLT)
		return 1;
	return 0;
}

#else
static int run_guest(int kvm, int vm)
{
	(void)kvm;
	(void)vm;
	fputs("kvm_vcpu: its guest code is x86's\n", stderr);
	return SKIP;
}
#endif

int main(void)
{
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	int vm;

	if (kvm < 0) {
		perror("kvm_vcpu: /dev/kvm");
		return SKIP;
	}
	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	if (vm < 0) {
		perror("kvm_vcpu: KVM_CREATE_VM");
		return SKIP;
	}
	return run_guest(kvm, vm);
}
