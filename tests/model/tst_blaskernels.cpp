// OpenBLAS's kernels for a CPU it does not know (model/runtime/BlasKernels):
// which core the programs ask for, and that this suite's own process (started
// again by the group's main, as the app and the CLI start) multiplies on
// kernels of its CPU's kind.

#include <QtTest/QtTest>

#include <cstdlib>

#include "common/SuiteMain.h"
#include "model/runtime/BlasKernels.h"

using namespace studio::model;

class TestBlasKernels : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void asksForTheKernelsTheCpuHas_data();
  void asksForTheKernelsTheCpuHas();
  void thisProcessRunsOnKernelsOfItsCpu();
};

void TestBlasKernels::asksForTheKernelsTheCpuHas_data() {
  QTest::addColumn<QString>("chosen");
  QTest::addColumn<QString>("asked");  // "-": OPENBLAS_CORETYPE unset
  QTest::addColumn<bool>("avx512");
  QTest::addColumn<bool>("avx2");
  QTest::addColumn<QString>("expected");
  QTest::newRow("taken for a Prescott, AVX-512") << "Prescott"
                                                 << "-" << true << true << "SkylakeX";
  QTest::newRow("taken for a Prescott, AVX2 only (a Zen 5)") << "Prescott"
                                                             << "-" << false << true << "Haswell";
  QTest::newRow("the name in other letters") << "PRESCOTT"
                                             << "-" << true << true << "SkylakeX";
  QTest::newRow("a Prescott it is") << "Prescott"
                                    << "-" << false << false << "";
  QTest::newRow("a CPU it knows") << "SkylakeX"
                                  << "-" << true << true << "";
  QTest::newRow("a Zen it knows") << "Zen"
                                  << "-" << false << true << "";
  QTest::newRow("the user's choice, even Prescott") << "Prescott"
                                                    << "Prescott" << true << true << "";
  QTest::newRow("set but empty") << "Prescott"
                                 << "" << true << true << "";
  QTest::newRow("not OpenBLAS") << ""
                                << "-" << true << true << "";
}

void TestBlasKernels::asksForTheKernelsTheCpuHas() {
  QFETCH(QString, chosen);
  QFETCH(QString, asked);
  QFETCH(bool, avx512);
  QFETCH(bool, avx2);
  QFETCH(QString, expected);
  const QByteArray asked_bytes = asked.toUtf8();
  CpuVectorUnits cpu;
  cpu.avx512 = avx512;
  cpu.avx2 = avx2;
  const std::string core =
      openBlasCoreToAsk(chosen.toStdString(), asked == "-" ? nullptr : asked_bytes.constData(), cpu);
  QCOMPARE(QString::fromStdString(core), expected);
}

void TestBlasKernels::thisProcessRunsOnKernelsOfItsCpu() {
  const std::string core = openBlasCore();
  if (core.empty()) QSKIP("the BLAS in this process is not OpenBLAS (PyPI's LibTorch carries MKL)");
  const char* asked = std::getenv("OPENBLAS_CORETYPE");
  const char* took = std::getenv("STUDIO_OPENBLAS_TOOK");
  if (asked != nullptr && took == nullptr)
    QSKIP("OPENBLAS_CORETYPE is set by the user: their choice is kept");
  const CpuVectorUnits cpu = cpuVectorUnits();
  const std::string described = describeOpenBlasCore();
  // Whatever OpenBLAS chose first, a CPU with AVX2 is never left on the SSE3 kernels.
  if (cpu.avx2) QVERIFY2(core != "Prescott", described.c_str());
  QVERIFY2(described.rfind(core + " kernels", 0) == 0, described.c_str());
  if (took != nullptr) {
    // Started again: the line says so, and names what OpenBLAS had taken the CPU for.
    QCOMPARE(QString::fromStdString(core), QString::fromUtf8(asked));
    QVERIFY2(described.find(std::string("took this CPU for a ") + took) != std::string::npos,
             described.c_str());
  }
}

STUDIO_TEST_MAIN(TestBlasKernels)
#include "tst_blaskernels.moc"
