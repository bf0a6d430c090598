// OpenBLAS's kernels for a CPU it does not know (model/runtime/BlasKernels):
// which core the programs ask for. tst_executables starts the CLI and checks
// the kernels it runs on. The suite groups themselves do not start again:
// under clang 14's AddressSanitizer, a SentencePiece training forked from the
// GUI suites then hung in the allocator (another thread held its lock at the
// fork).

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/runtime/BlasKernels.h"

using namespace studio::model;

class TestBlasKernels : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void asksForTheKernelsTheCpuHas_data();
  void asksForTheKernelsTheCpuHas();
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

STUDIO_TEST_MAIN(TestBlasKernels)
#include "tst_blaskernels.moc"
