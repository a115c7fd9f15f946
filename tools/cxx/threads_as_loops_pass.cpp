/* threads_as_loops_pass.cpp -- warptex-cxx's compiler pass: a block's threads as one loop (LLVM plugin)
 * SPDX-License-Identifier: MIT
 *
 * A CUDA block's threads meet at __syncthreads.  Without this pass each thread runs on a fiber
 * of its own, and every barrier costs each thread two context switches (src/cuda/launch.cpp).
 * With it, clang compiles a kernel whose threads meet only at __syncthreads into one function
 * that runs the block's threads as a loop, one part at a time: the code up to the first
 * barrier for thread 0, 1, ... n-1, then the code up to the next barrier for each, and so on.
 * docs/cuda.md#threads-as-loops says what it takes and what it leaves to the fibers.
 *
 * The input: cuda_runtime.h's kernel_call::run calls
 *     wt_cuda_threads_as_loops(closure, cursor, n, one_thread, enter)
 * where one_thread(closure) is one thread of the block (the kernel's call) and enter(cursor, t)
 * makes t the running thread (threadIdx).  For each such call whose one_thread qualifies, this
 * pass makes a function one_thread.as_loop(closure, cursor, n) and calls it instead:
 *
 *   1. Every function one_thread reaches that reaches __syncthreads (wt_cuda_syncthreads) is
 *      inlined into a copy of one_thread, and its locals are promoted to registers (SROA).
 *   2. Each block is split after each barrier call.  A value live across a barrier (live into
 *      the block after it) is stored to the thread's frame where it is made and loaded where it
 *      is used; every local left in memory (arrays, locals whose address is taken) lives in the
 *      thread's frame.  The frames, n of them, and a state byte per thread are memory the
 *      library gives per block (wt_cuda_loop_memory, src/cuda/thread_loops.cpp).
 *   3. The function loops in rounds: each round runs every thread that has not returned from
 *      where its state says (0: the start, k + 1: after barrier k) to its next barrier (state
 *      k + 1) or its return (state 255).  Rounds go on while a thread stopped at a barrier.  So
 *      a barrier lets a thread go on once every thread that has not returned has reached a
 *      barrier, as the fibers' __syncthreads does.
 *
 * A thread's parts run in its own order, and the threads of a part in thread order, as on the
 * fibers; values are the thread's own, so results are those of the fibers, bit for bit.
 *
 * Left to the fibers (the call stays, and the library's wt_cuda_threads_as_loops returns 0): a
 * kernel that reaches no barrier (it runs as a loop already), one that meets its warp or tile
 * (shuffles, votes, __syncwarp, tiled sync, __syncthreads_count/and/or, inline PTX), one that
 * calls through a pointer or calls a C++ function of another file (either could hold a barrier:
 * a kernel launched through its pointer, by cudaLaunchKernel or a graph, is such a call),
 * recursion, exception
 * handling, dynamic stack allocation, or more than 254 barriers.  WARPTEX_LOOPS_REPORT=1 in
 * the compiler's environment says on stderr what each kernel got and why. */
#include <stdlib.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace {
const char MARKER[] = "wt_cuda_threads_as_loops";
const char BARRIER[] = "wt_cuda_syncthreads";
const char MEMORY[] = "wt_cuda_loop_memory";
const unsigned DONE = 255;       /* a thread's state once it returned */
const unsigned MAX_BARRIERS = 254; /* states 1..254 */

bool reporting()
{
    static const bool on = getenv("WARPTEX_LOOPS_REPORT") != nullptr;
    return on;
}

/* the library's calls that meet other threads of the warp or block otherwise than by
 * __syncthreads (src/cuda/launch.cpp, inline_asm.cpp) */
bool meets_otherwise(StringRef name)
{
    return name == "wt_cuda_syncthreads_reduce" || name == "wt_cuda_syncwarp" || name == "wt_cuda_sync_tile" ||
           name.startswith("wt_cuda_warp_") || name == "wt_cuda_asm_run";
}

/* a function declared here, defined elsewhere, that could hold a barrier: a C++ function
 * outside the standard library (device code of another file, with -rdc) */
bool could_meet(StringRef name)
{
    if (!name.startswith("_Z"))
        return false; /* C: the C library, the warptex library */
    static const char *const std_prefixes[] = {"_ZNSt", "_ZNKSt", "_ZSt", "_Znw", "_Zna", "_Zdl", "_Zda",
                                               "_ZNSa", "_ZNKSa", "_ZNSs", "_ZNKSs"};
    for (const char *p : std_prefixes)
        if (name.startswith(p))
            return false;
    return true;
}

struct reach_info {
    bool barrier = false;  /* reaches __syncthreads */
    bool indirect = false; /* calls through a pointer, which could reach one */
};

/* What one_thread reaches: whether a barrier, and whether anything that keeps it on fibers. */
class reach_analysis {
  public:
    std::map<const Function *, reach_info> info;
    std::string why; /* set: it cannot run as a loop */

    bool visit(Function *f)
    {
        auto it = info.find(f);
        if (it != info.end())
            return true;
        if (on_path.count(f)) {
            why = "recursion (" + demangle(f->getName().str()) + ")";
            return false;
        }
        on_path.insert(f);
        reach_info r;
        for (BasicBlock &bb : *f)
            for (Instruction &i : bb) {
                CallBase *cb = dyn_cast<CallBase>(&i);
                if (!cb || isa<IntrinsicInst>(cb) || cb->isInlineAsm())
                    continue;
                Function *callee = dyn_cast<Function>(cb->getCalledOperand()->stripPointerCasts());
                if (!callee) {
                    r.indirect = true;
                    continue;
                }
                const StringRef name = callee->getName();
                if (name == BARRIER) {
                    if (!isa<CallInst>(cb)) {
                        why = "a barrier inside exception handling";
                        return false;
                    }
                    r.barrier = true;
                    continue;
                }
                if (meets_otherwise(name)) {
                    why = "it meets its warp or block otherwise than at __syncthreads (" + name.str() + ")";
                    return false;
                }
                if (callee->isDeclaration()) {
                    if (could_meet(name)) {
                        why = "it calls " + demangle(name.str()) + ", defined in another file";
                        return false;
                    }
                    continue;
                }
                if (!visit(callee))
                    return false;
                r.barrier |= info[callee].barrier;
                r.indirect |= info[callee].indirect;
            }
        on_path.erase(f);
        info[f] = r;
        return true;
    }

  private:
    std::set<const Function *> on_path;
};

/* whether i is live into one of the blocks that start after a barrier */
bool live_across(Instruction *i, const SmallPtrSetImpl<BasicBlock *> &after)
{
    BasicBlock *def = i->getParent();
    SmallPtrSet<BasicBlock *, 32> live_in;
    SmallVector<BasicBlock *, 32> work;
    for (Use &u : i->uses()) {
        Instruction *user = cast<Instruction>(u.getUser());
        BasicBlock *ub = isa<PHINode>(user) ? cast<PHINode>(user)->getIncomingBlock(u) : user->getParent();
        if (ub != def && live_in.insert(ub).second)
            work.push_back(ub);
    }
    while (!work.empty()) {
        BasicBlock *bb = work.pop_back_val();
        if (after.count(bb))
            return true;
        for (BasicBlock *p : predecessors(bb))
            if (p != def && live_in.insert(p).second)
                work.push_back(p);
    }
    return false;
}

class threads_as_loops : public PassInfoMixin<threads_as_loops> {
  public:
    PreservedAnalyses run(Module &m, ModuleAnalysisManager &mam)
    {
        Function *marker = m.getFunction(MARKER);
        if (!marker || marker->getFunctionType()->getNumParams() != 5)
            return PreservedAnalyses::all();
        std::vector<CallInst *> calls;
        for (User *u : marker->users())
            if (CallInst *c = dyn_cast<CallInst>(u))
                if (c->getCalledOperand() == marker)
                    calls.push_back(c);
        if (calls.empty())
            return PreservedAnalyses::all();
        FunctionAnalysisManager &fam = mam.getResult<FunctionAnalysisManagerModuleProxy>(m).getManager();
        std::map<Function *, Function *> made;
        bool changed = false;
        for (CallInst *c : calls) {
            Function *thread = dyn_cast<Function>(c->getArgOperand(3)->stripPointerCasts());
            Function *enter = dyn_cast<Function>(c->getArgOperand(4)->stripPointerCasts());
            if (!thread || !enter || thread->isDeclaration())
                continue;
            auto it = made.find(thread);
            Function *loop = it != made.end() ? it->second : (made[thread] = make(m, fam, thread, enter, marker));
            if (!loop)
                continue;
            IRBuilder<> b(c);
            CallInst *nc = b.CreateCall(loop, {c->getArgOperand(0), c->getArgOperand(1), c->getArgOperand(2)});
            c->replaceAllUsesWith(nc);
            c->eraseFromParent();
            changed = true;
        }
        return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
    }

  private:
    static void report(Function *thread, const std::string &what)
    {
        if (reporting())
            errs() << "warptex-cxx: " << demangle(thread->getName().str()) << ": " << what << "\n";
    }

    /* one_thread.as_loop, or null (reported) */
    static Function *make(Module &m, FunctionAnalysisManager &fam, Function *thread, Function *enter,
                          Function *marker)
    {
        reach_analysis ra;
        if (!ra.visit(thread)) {
            report(thread, "left to fibers: " + ra.why);
            return nullptr;
        }
        if (ra.info[thread].indirect) {
            report(thread, "left to fibers: it calls through a pointer (a barrier could be behind it)");
            return nullptr;
        }
        if (!ra.info[thread].barrier) {
            report(thread, "no barrier: its threads run one after another as they are");
            return nullptr;
        }
        std::string why;
        Function *body = inlined_copy(thread, ra, fam, why);
        if (!body) {
            report(thread, "left to fibers: " + why);
            return nullptr;
        }
        Function *loop = build(m, thread, enter, marker, body, why);
        fam.clear(*body, body->getName());
        body->eraseFromParent();
        if (!loop)
            report(thread, "left to fibers: " + why);
        return loop;
    }

    /* a copy of thread with everything that reaches a barrier inlined, or null (why) */
    static Function *inlined_copy(Function *thread, reach_analysis &ra, FunctionAnalysisManager &fam,
                                  std::string &why)
    {
        ValueToValueMapTy vmap;
        Function *body = CloneFunction(thread, vmap);
        body->setLinkage(GlobalValue::InternalLinkage);
        for (bool again = true; again;) {
            again = false;
            std::vector<CallBase *> todo;
            for (BasicBlock &bb : *body)
                for (Instruction &i : bb)
                    if (CallBase *cb = dyn_cast<CallBase>(&i))
                        if (Function *f = dyn_cast<Function>(cb->getCalledOperand()->stripPointerCasts()))
                            if (!f->isDeclaration() && ra.info.count(f) && ra.info[f].barrier)
                                todo.push_back(cb);
            for (CallBase *cb : todo) {
                InlineFunctionInfo ifi;
                if (!InlineFunction(*cb, ifi).isSuccess()) {
                    why = "a function that reaches a barrier could not be inlined";
                    fam.clear(*body, body->getName());
                    body->eraseFromParent();
                    return nullptr;
                }
                again = true;
            }
        }
        const char *refuse = nullptr;
        for (BasicBlock &bb : *body)
            for (Instruction &i : bb) {
                if (i.isEHPad() || isa<InvokeInst>(i) || isa<CallBrInst>(i) || isa<IndirectBrInst>(i))
                    refuse = "exception handling or computed jumps in its code";
                else if (AllocaInst *a = dyn_cast<AllocaInst>(&i)) {
                    if (&bb != &body->getEntryBlock() || !a->isStaticAlloca())
                        refuse = "a local whose size is known only at run time";
                } else if (IntrinsicInst *ii = dyn_cast<IntrinsicInst>(&i)) {
                    if (ii->getIntrinsicID() == Intrinsic::stacksave || ii->getIntrinsicID() == Intrinsic::stackrestore)
                        refuse = "a local whose size is known only at run time";
                } else if (i.getType()->isTokenTy())
                    refuse = "a token value";
            }
        if (refuse) {
            why = refuse;
            fam.clear(*body, body->getName());
            body->eraseFromParent();
            return nullptr;
        }
        SROAPass().run(*body, fam); /* locals to registers: only what crosses a barrier is stored */
        fam.clear(*body, body->getName());
        stripDebugInfo(*body); /* the parts move into a function of their own */
        return body;
    }

    /* one_thread.as_loop(closure, cursor, n) around body's code, or null (why) */
    static Function *build(Module &m, Function *thread, Function *enter, Function *marker, Function *body,
                           std::string &why)
    {
        LLVMContext &ctx = m.getContext();
        const DataLayout &dl = m.getDataLayout();
        Type *i8 = Type::getInt8Ty(ctx), *i32 = Type::getInt32Ty(ctx), *i64 = Type::getInt64Ty(ctx);
        Type *i1 = Type::getInt1Ty(ctx);

        /* 1. split after each barrier */
        std::vector<CallInst *> barriers;
        for (BasicBlock &bb : *body)
            for (Instruction &i : bb)
                if (CallInst *c = dyn_cast<CallInst>(&i))
                    if (Function *f = dyn_cast<Function>(c->getCalledOperand()->stripPointerCasts()))
                        if (f->getName() == BARRIER)
                            barriers.push_back(c);
        if (barriers.size() > MAX_BARRIERS) {
            why = "more than 254 barriers";
            return nullptr;
        }
        std::vector<BasicBlock *> after;
        SmallPtrSet<BasicBlock *, 16> after_set;
        for (CallInst *c : barriers) {
            BasicBlock *a = SplitBlock(c->getParent(), c->getNextNode());
            after.push_back(a);
            after_set.insert(a);
        }

        /* 2. the frame: every local in memory, every value live across a barrier */
        uint64_t frame = 0;
        Align frame_align(8);
        auto place = [&](uint64_t size, Align al) {
            frame = alignTo(frame, al);
            const uint64_t at = frame;
            frame += size;
            if (al > frame_align)
                frame_align = al;
            return at;
        };
        std::vector<std::pair<AllocaInst *, uint64_t>> locals;
        std::vector<std::pair<Instruction *, uint64_t>> kept;
        for (BasicBlock &bb : *body)
            for (Instruction &i : bb) {
                if (AllocaInst *a = dyn_cast<AllocaInst>(&i)) {
                    const uint64_t count = cast<ConstantInt>(a->getArraySize())->getZExtValue();
                    locals.push_back({a, place(dl.getTypeAllocSize(a->getAllocatedType()) * count, a->getAlign())});
                } else if (!i.getType()->isVoidTy() && !i.use_empty() && live_across(&i, after_set)) {
                    kept.push_back({&i, place(dl.getTypeAllocSize(i.getType()), dl.getABITypeAlign(i.getType()))});
                }
            }
        if (frame_align > Align(64)) {
            why = "a local aligned to more than 64 bytes";
            return nullptr;
        }
        frame = alignTo(std::max<uint64_t>(frame, 1), frame_align);

        /* 3. the loop around the parts */
        FunctionType *marker_type = marker->getFunctionType();
        FunctionType *type = FunctionType::get(
            i32, {marker_type->getParamType(0), marker_type->getParamType(1), marker_type->getParamType(2)}, false);
        Function *loop = Function::Create(type, GlobalValue::InternalLinkage, thread->getName() + ".as_loop", m);
        AttrBuilder attrs(ctx, thread->getAttributes().getFnAttrs());
        loop->addFnAttrs(attrs);
        Argument *closure = loop->getArg(0), *cursor = loop->getArg(1), *n = loop->getArg(2);

        BasicBlock *entry = BasicBlock::Create(ctx, "entry", loop);
        BasicBlock *refused = BasicBlock::Create(ctx, "refused", loop);
        BasicBlock *setup = BasicBlock::Create(ctx, "setup", loop);
        BasicBlock *round = BasicBlock::Create(ctx, "round", loop);
        BasicBlock *dispatch = BasicBlock::Create(ctx, "dispatch", loop);
        BasicBlock *check = BasicBlock::Create(ctx, "check", loop);
        BasicBlock *go = BasicBlock::Create(ctx, "go", loop);
        BasicBlock *next = BasicBlock::Create(ctx, "next", loop);
        BasicBlock *round_end = BasicBlock::Create(ctx, "round_end", loop);
        BasicBlock *finish = BasicBlock::Create(ctx, "finish", loop);

        IRBuilder<> b(entry);
        AllocaInst *tid_slot = b.CreateAlloca(i32, nullptr, "tid");
        AllocaInst *any_slot = b.CreateAlloca(i1, nullptr, "any");
        Value *n64 = b.CreateZExt(n, i64);
        Value *frames_bytes = b.CreateMul(n64, ConstantInt::get(i64, frame));
        Value *bytes = b.CreateAdd(frames_bytes, n64);
        FunctionCallee memory = m.getOrInsertFunction(MEMORY, FunctionType::get(i8->getPointerTo(), {i64}, false));
        Value *mem = b.CreateCall(memory, {bytes}, "mem");
        b.CreateCondBr(b.CreateIsNull(mem), refused, setup);

        b.SetInsertPoint(refused);
        b.CreateRet(ConstantInt::get(i32, 0));

        b.SetInsertPoint(setup);
        Value *states = b.CreateInBoundsGEP(i8, mem, frames_bytes, "states");
        b.CreateMemSet(states, b.getInt8(0), n64, MaybeAlign(1));
        b.CreateBr(round);

        b.SetInsertPoint(round);
        b.CreateStore(b.getInt32(0), tid_slot);
        b.CreateStore(b.getFalse(), any_slot);
        b.CreateBr(dispatch);

        b.SetInsertPoint(dispatch);
        Value *t = b.CreateLoad(i32, tid_slot, "t");
        b.CreateCondBr(b.CreateICmpUGE(t, n), round_end, check);

        b.SetInsertPoint(check);
        Value *state_at = b.CreateInBoundsGEP(i8, states, b.CreateZExt(t, i64), "state_at");
        Value *state = b.CreateLoad(i8, state_at, "state");
        b.CreateCondBr(b.CreateICmpEQ(state, b.getInt8(DONE)), next, go);

        b.SetInsertPoint(go);
        b.CreateCall(enter, {cursor, t});
        Value *frame_at =
            b.CreateInBoundsGEP(i8, mem, b.CreateMul(b.CreateZExt(t, i64), ConstantInt::get(i64, frame)), "frame");
        for (auto &l : locals) {
            Value *p = b.CreateInBoundsGEP(i8, frame_at, b.getInt64(l.second));
            Value *typed = b.CreateBitCast(p, l.first->getType());
            l.first->replaceAllUsesWith(typed);
            typed->takeName(l.first);
            l.first->eraseFromParent();
        }
        BasicBlock *start = &body->getEntryBlock();
        SwitchInst *sw = b.CreateSwitch(state, next, (unsigned)after.size() + 1);
        sw->addCase(b.getInt8(0), start);
        for (size_t k = 0; k < after.size(); k++)
            sw->addCase(b.getInt8((uint8_t)(k + 1)), after[k]);

        b.SetInsertPoint(next);
        Value *t_now = b.CreateLoad(i32, tid_slot);
        b.CreateStore(b.CreateAdd(t_now, b.getInt32(1)), tid_slot);
        b.CreateBr(dispatch);

        b.SetInsertPoint(round_end);
        b.CreateCondBr(b.CreateLoad(i1, any_slot), round, finish);

        b.SetInsertPoint(finish);
        b.CreateRet(ConstantInt::get(i32, 1));

        /* 4. the values kept across barriers: stored where made, loaded where used */
        for (auto &v : kept) {
            Instruction *i = v.first;
            Type *ptr = i->getType()->getPointerTo();
            std::vector<Use *> uses;
            for (Use &u : i->uses())
                uses.push_back(&u);
            for (Use *u : uses) {
                Instruction *user = cast<Instruction>(u->getUser());
                Instruction *at = isa<PHINode>(user) ? cast<PHINode>(user)->getIncomingBlock(*u)->getTerminator() : user;
                IRBuilder<> lb(at);
                Value *p = lb.CreateBitCast(lb.CreateInBoundsGEP(i8, frame_at, lb.getInt64(v.second)), ptr);
                u->set(lb.CreateLoad(i->getType(), p, i->getName() + ".kept"));
            }
            IRBuilder<> sb(i->getParent(), isa<PHINode>(i) ? i->getParent()->getFirstInsertionPt()
                                                            : std::next(i->getIterator()));
            Value *p = sb.CreateBitCast(sb.CreateInBoundsGEP(i8, frame_at, sb.getInt64(v.second)), ptr);
            sb.CreateStore(i, p);
        }

        /* 5. the parts: body's blocks move into the loop; a barrier ends a part, return ends the thread */
        body->getArg(0)->replaceAllUsesWith(closure);
        loop->getBasicBlockList().splice(loop->end(), body->getBasicBlockList());
        for (size_t k = 0; k < barriers.size(); k++) {
            BasicBlock *bb = barriers[k]->getParent();
            barriers[k]->eraseFromParent();
            bb->getTerminator()->eraseFromParent();
            IRBuilder<> eb(bb);
            eb.CreateStore(eb.getInt8((uint8_t)(k + 1)), state_at);
            eb.CreateStore(eb.getTrue(), any_slot);
            eb.CreateBr(next);
        }
        std::vector<ReturnInst *> rets;
        for (BasicBlock &bb : *loop)
            if (ReturnInst *r = dyn_cast<ReturnInst>(bb.getTerminator()))
                if (bb.getParent() == loop && r->getReturnValue() == nullptr)
                    rets.push_back(r);
        for (ReturnInst *r : rets) {
            IRBuilder<> rb(r);
            rb.CreateStore(rb.getInt8((uint8_t)DONE), state_at);
            rb.CreateBr(next);
            r->eraseFromParent();
        }
        report(thread, "threads as loops (" + std::to_string(barriers.size()) + " barriers, a frame of " +
                           std::to_string(frame) + " bytes a thread)");
        return loop;
    }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo()
{
    return {LLVM_PLUGIN_API_VERSION, "warptex-threads-as-loops", "1", [](PassBuilder &pb) {
                pb.registerPipelineStartEPCallback(
                    [](ModulePassManager &mpm, OptimizationLevel) { mpm.addPass(threads_as_loops()); });
            }};
}
