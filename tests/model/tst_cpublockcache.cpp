// The CPU block cache (model/runtime/CpuBlockCache.h): which tensors it
// keeps and hands out again, how much it holds, that LibTorch's allocator is
// back when the last scope ends, and that training through it computes the
// same numbers to the bit.

#include <cstring>
#include <optional>

#include <c10/core/CPUAllocator.h>
#include <torch/torch.h>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/Transformer.h"
#include "model/runtime/CpuBlockCache.h"
#include "model/training/Loss.h"
#include "model/training/Optimizer.h"

using namespace studio;

namespace {

constexpr int64_t kMiB = 1 << 20;

// A float tensor of `bytes` bytes, every element written.
torch::Tensor filled(int64_t bytes, float value) { return torch::full({bytes / 4}, value); }

const void* address(const torch::Tensor& t) { return t.data_ptr(); }

}  // namespace

class TestCpuBlockCache : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { qunsetenv("STUDIO_CPU_BLOCK_CACHE"); }

  void aFreedBlockServesTheNextRequestOfItsSize() {
    model::CpuBlockCacheScope scope;
    QVERIFY(model::cpuBlockCacheStats().active);
    const void* first = nullptr;
    {
      auto t = filled(4 * kMiB, 1.0f);
      first = address(t);
      QCOMPARE(model::cpuBlockCacheStats().live_bytes, size_t(4 * kMiB));
    }
    QCOMPARE(model::cpuBlockCacheStats().cached_bytes, size_t(4 * kMiB));
    const auto before = model::cpuBlockCacheStats();
    auto again = filled(4 * kMiB, 2.0f);
    QCOMPARE(address(again), first);
    QCOMPARE(model::cpuBlockCacheStats().reused, before.reused + 1);
    QCOMPARE(again.sum().item<double>(), 2.0 * kMiB);  // its own values, all of them
  }

  void aBlockServesRequestsUpToAQuarterSmaller() {
    model::CpuBlockCacheScope scope;
    const void* block = nullptr;
    {
      auto t = filled(8 * kMiB, 1.0f);
      block = address(t);
    }
    {
      auto smaller = filled(7 * kMiB, 1.0f);  // 8 MiB rounded: the same block
      QCOMPARE(address(smaller), block);
    }
    const auto before = model::cpuBlockCacheStats();
    auto half = filled(4 * kMiB, 1.0f);  // half the size: a block of its own
    QVERIFY(address(half) != block);
    QCOMPARE(model::cpuBlockCacheStats().fresh, before.fresh + 1);
  }

  void smallTensorsAreNotKept() {
    model::CpuBlockCacheScope scope;
    const auto before = model::cpuBlockCacheStats();
    { auto t = filled(512 * 1024, 1.0f); }
    const auto after = model::cpuBlockCacheStats();
    QCOMPARE(after.cached_bytes, before.cached_bytes);
    QCOMPARE(after.fresh, before.fresh);
  }

  void theCacheHoldsNoMoreThanThePeak() {
    model::CpuBlockCacheScope scope;
    { auto a = filled(8 * kMiB, 1.0f); }  // live 8, then kept
    { auto b = filled(4 * kMiB, 1.0f); }  // too small for the 8: a new block, then freed (8 + 4 > peak 8)
    const auto stats = model::cpuBlockCacheStats();
    QCOMPARE(stats.peak_bytes, size_t(8 * kMiB));
    QCOMPARE(stats.cached_bytes, size_t(8 * kMiB));
    QCOMPARE(stats.live_bytes, size_t(0));
  }

  void theLastScopeGivesLibTorchsAllocatorBack() {
    c10::Allocator* libtorchs = c10::GetCPUAllocator();
    torch::Tensor survivor;
    {
      model::CpuBlockCacheScope outer;
      QVERIFY(c10::GetCPUAllocator() != libtorchs);
      {
        model::CpuBlockCacheScope inner;
        { auto t = filled(4 * kMiB, 1.0f); }
      }
      QVERIFY(model::cpuBlockCacheStats().active);  // the outer scope still holds it
      QVERIFY(c10::GetCPUAllocator() != libtorchs);
      survivor = filled(4 * kMiB, 3.0f);
    }
    QCOMPARE(c10::GetCPUAllocator(), libtorchs);
    auto stats = model::cpuBlockCacheStats();
    QVERIFY(!stats.active);
    QCOMPARE(stats.cached_bytes, size_t(0));
    QCOMPARE(stats.live_bytes, size_t(4 * kMiB));  // the survivor's block, still valid
    QCOMPARE(survivor.sum().item<double>(), 3.0 * kMiB);
    survivor = torch::Tensor();
    stats = model::cpuBlockCacheStats();
    QCOMPARE(stats.live_bytes, size_t(0));
    QCOMPARE(stats.cached_bytes, size_t(0));  // freed, not kept: no scope is open
  }

  void switchedOffByTheEnvironment() {
    qputenv("STUDIO_CPU_BLOCK_CACHE", "off");
    c10::Allocator* libtorchs = c10::GetCPUAllocator();
    model::CpuBlockCacheScope scope;
    QVERIFY(!model::cpuBlockCacheStats().active);
    QCOMPARE(c10::GetCPUAllocator(), libtorchs);
  }

  void theRawInterfaceWorks() {
    model::CpuBlockCacheScope scope;
    c10::Allocator* allocator = c10::GetCPUAllocator();
    QVERIFY(allocator->raw_deleter() != nullptr);
    for (size_t bytes : {size_t(100), size_t(6 * kMiB)}) {
      void* p = allocator->raw_allocate(bytes);
      QVERIFY(p != nullptr);
      std::memset(p, 7, bytes);
      allocator->raw_deallocate(p);
    }
    QCOMPARE(model::cpuBlockCacheStats().live_bytes, size_t(0));
  }

  // Three optimizer steps of a small model (logits of 4.8 MB, feed-forward
  // states over 1 MiB: both go through blocks) with and without the cache.
  void trainingComputesTheSameNumbers() {
    auto run = [](bool cached) {
      std::optional<model::CpuBlockCacheScope> scope;
      if (cached) scope.emplace();
      torch::manual_seed(3);
      auto options = test::smallOptions();
      options.vocab_size = 4000;
      options.d_ff = 1024;
      model::Transformer m(options);
      m->train();
      auto adam = model::makeAdam(m->parameters(), 1e-3);
      const auto src = test::randomTokens(12, 30, options.vocab_size);
      const auto tgt_in = test::randomTokens(12, 25, options.vocab_size);
      const auto tgt_out = test::randomTokens(12, 25, options.vocab_size);
      for (int step = 0; step < 3; ++step) {
        adam->zero_grad();
        auto loss = model::modelLoss(m, src, tgt_in, tgt_out, options.pad_id);
        loss.loss.backward();
        model::adamStep(*adam);
      }
      std::vector<torch::Tensor> parameters;
      for (const auto& p : m->parameters()) parameters.push_back(p.detach().clone());
      return parameters;
    };
    const auto plain = run(false);
    const auto cached = run(true);
    QVERIFY(model::cpuBlockCacheStats().reused > 0);  // counted since that scope opened: blocks were reused
    QCOMPARE(cached.size(), plain.size());
    for (size_t i = 0; i < plain.size(); ++i)
      QVERIFY2(torch::equal(cached[i], plain[i]), qPrintable(QString::number(i)));
  }
};

STUDIO_TEST_MAIN(TestCpuBlockCache)
#include "tst_cpublockcache.moc"
