// The attention timelapse: a run's probes.rec played in the explorer, the
// Training charts' marker following it, a click on a chart moving it, new
// records appearing while the run trains, and damaged files said, not shown.

#include <fstream>

#include <nlohmann/json.hpp>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "app/EngineInfo.h"
#include "app/explorer/HeadRoles.h"
#include "app/explorer/HeadStatistics.h"
#include "app/explorer/ProbeHistory.h"
#include "app/training/FirstRun.h"
#include "app/training/RunComparison.h"
#include "app/training/RunHistory.h"
#include "app/training/RunTestSession.h"
#include "app/translation/TranslationService.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Text.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/Significance.h"
#include "model/evaluation/Ter.h"
#include "model/files/TextDocument.h"
#include "model/training/ProbeFile.h"
#include "model/training/Trainer.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/TimelapseBar.h"
#include "ui/charts/MetricChart.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/explain/MinimalPairsPanel.h"
#include "ui/heads/HeadTimelineView.h"
#include "ui/heads/RoleThresholdsDialog.h"
#include "ui/lens/LensTimelineView.h"
#include "ui/lens/LensView.h"
#include "ui/training/RunComparisonPanel.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/MainWindow.h"

using namespace studio;

namespace {

model::TrainingConfig smallConfig(int64_t max_steps) {
  model::TrainingConfig c;
  auto& m = c.model;
  m.encoder_layers = m.decoder_layers = 1;
  m.d_model = 32;
  m.heads = 2;
  m.d_ff = 64;
  m.max_length = 64;
  c.max_tokens = 256;
  c.warmup_steps = 10;
  c.max_steps = max_steps;
  c.eval_every = 6;
  c.eval_sentences = 8;
  c.log_every = 1;
  c.probe_every = 4;
  c.keep_models_every = 1;  // models/step-6, step-12
  c.device = "cpu";
  return c;
}

bool train(const model::TrainingConfig& config, const std::string& data, const std::string& run, bool resume,
           int64_t max_steps = 0) {
  std::string failure;
  model::TrainerCallbacks callbacks;
  callbacks.failed = [&](const std::string& m) { failure = m; };
  const bool ok = model::Trainer(config, data, run, resume, callbacks, max_steps).run();
  if (!ok) qWarning("training failed: %s", failure.c_str());
  return ok;
}

}  // namespace

class TestTimelapse : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theHistoryReadsFramesByProbeTargetAndStep();
  void headStatisticsOfKnownMaps();
  void headRolesFollowTheirRules();
  void theRolesViewLabelsEveryHeadAndReadsTheRanking();
  void theRolesThresholdsAreEditedAndKept();
  void theHeadTimelineOpensAHeadAtAStep();
  void theLensOverTrainingIsTheRecordsAndMovesTheTimelapse();
  void aRunRecordedWithoutTheLensSaysSo();
  void theSliderPlaysTheRunAndTheChartsFollow();
  void aClickOnAChartMovesTheSlider();
  void aClickOnAChartOffersThatStepsModel();
  void theFormShowsWhatKeptModelsCost();
  void runsSideBySide();
  void newRecordsAppearWhileTheRunTrains();
  void aBarSetBeforeTheRunStartsFollowsIt();
  void aDamagedFileIsSaidNotShown();
  void theMinimalPairsOverTrainingAreTheKeptModelsScores();

 private:
  QTemporaryDir tmp_;
  std::string data_;
  QString run_;
};

void TestTimelapse::initTestCase() {
  QVERIFY(tmp_.isValid());
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp_.filePath("settings"));
  qputenv("XDG_DATA_HOME", tmp_.filePath("xdg").toUtf8());
  data_ = test::prepareNumberedCorpus(tmp_.path().toStdString(),
                                      {"mở tập tin", "đóng cửa sổ", "lưu tài liệu", "xoá thư mục"},
                                      {"open the file", "close the window", "save the document", "delete the folder"},
                                      300, 100);
  run_ = tmp_.filePath("run");
  QVERIFY(train(smallConfig(12), data_, run_.toStdString(), false));
}

void TestTimelapse::theHistoryReadsFramesByProbeTargetAndStep() {
  app::ProbeHistory history;
  QString error;
  QVERIFY2(history.open(run_, &error), qPrintable(error));
  QCOMPARE(history.probes(), (QList<int>{0, 1, 2}));
  QCOMPARE(history.steps(0, false), (QList<qint64>{0, 4, 8, 12}));
  QCOMPARE(history.steps(0, true), (QList<qint64>{0, 4, 8, 12}));
  QVERIFY(history.hasReference(0));
  // A step between records shows the one before it.
  const auto* frame = history.frame(1, false, 6);
  QVERIFY(frame);
  QCOMPARE(frame->step, qint64(4));
  QCOMPARE(frame->view.source, history.probeSource(1));
  QCOMPARE(frame->view.targetTokens.first(), QString("<s>"));
  QVERIFY(!frame->reference.isEmpty());
  QVERIFY(!history.frame(0, false, -1));
  QVERIFY(!history.refresh(&error));  // nothing new
  app::ProbeHistory none;
  QVERIFY(!none.open(tmp_.filePath("no-such-run"), &error));
  QVERIFY2(error.contains("no probes.rec"), qPrintable(error));
}

void TestTimelapse::headStatisticsOfKnownMaps() {
  using Kind = app::AttentionView::Kind;
  using app::HeadStatistic;
  app::AttentionView v;
  v.encoderLayers = v.decoderLayers = 1;
  v.heads = 2;
  v.sourceTokens = {"\u2581a", "\u2581b", "</s>"};
  v.targetTokens = {"<s>", "\u2581x"};
  v.sourceLength = 3;
  v.targetLength = 2;
  const float third = 1.0f / 3;
  // Encoder: head 0 uniform, head 1 each token on itself.
  v.encoderSelf = {third, third, third, third, third, third, third, third, third,  //
                   1, 0, 0, 0, 1, 0, 0, 0, 1};
  // Decoder self: head 0 [1 0; .5 .5], head 1 the same.
  v.decoderSelf = {1, 0, 0.5f, 0.5f, 1, 0, 0.5f, 0.5f};
  // Cross: head 0 on the scaled diagonal (row 0 -> a, row 1 -> </s>), head 1 all on "a".
  v.cross = {1, 0, 0, 0, 0, 1,  //
             1, 0, 0, 1, 0, 0};
  v.encoderMask.fill(0, 9);
  v.decoderMask = {0, 1, 0, 0};
  v.crossMask.fill(0, 6);
  auto stat = [&](Kind kind, int head, HeadStatistic s) { return app::headStatistic(v, kind, 0, head, s); };
  QVERIFY(std::abs(stat(Kind::EncoderSelf, 0, HeadStatistic::Entropy) - std::log2(3.0)) < 1e-6);
  QCOMPARE(stat(Kind::EncoderSelf, 1, HeadStatistic::Entropy), 0.0);
  QVERIFY(std::abs(stat(Kind::EncoderSelf, 0, HeadStatistic::EndToken) - 1.0 / 3) < 1e-6);
  QVERIFY(std::abs(stat(Kind::EncoderSelf, 1, HeadStatistic::EndToken) - 1.0 / 3) < 1e-6);  // only </s> on itself
  QCOMPARE(stat(Kind::EncoderSelf, 1, HeadStatistic::Diagonal), 1.0);
  QCOMPARE(stat(Kind::DecoderSelf, 0, HeadStatistic::Entropy), 0.5);
  QCOMPARE(stat(Kind::DecoderSelf, 0, HeadStatistic::EndToken), 0.75);  // on <s>
  QCOMPARE(stat(Kind::DecoderSelf, 0, HeadStatistic::Diagonal), 0.75);
  QCOMPARE(stat(Kind::Cross, 0, HeadStatistic::Diagonal), 1.0);
  QCOMPARE(stat(Kind::Cross, 0, HeadStatistic::EndToken), 0.5);
  QCOMPARE(stat(Kind::Cross, 1, HeadStatistic::Diagonal), 0.5);
  QCOMPARE(stat(Kind::Cross, 1, HeadStatistic::EndToken), 0.0);
}

void TestTimelapse::headRolesFollowTheirRules() {
  using Kind = app::AttentionView::Kind;
  using app::HeadStatistic;
  // The statistics behind the roles on a known map: "▁a ▁bc d , </s>" (bc+d one word of two pieces).
  app::AttentionView v;
  v.encoderLayers = v.decoderLayers = 1;
  v.heads = 3;
  v.sourceTokens = {"\u2581a", "\u2581bc", "d", ",", "</s>"};
  v.targetTokens = {"<s>", "\u2581x", "\u2581y"};
  v.sourceLength = 5;
  v.targetLength = 3;
  v.encoderSelf.fill(0.0f, 3 * 25);
  for (int q = 0; q < 5; ++q) {
    v.encoderSelf[0 * 25 + q * 5 + std::max(0, q - 1)] = 1;  // head 0: the previous token (row 0 itself)
    v.encoderSelf[1 * 25 + q * 5 + std::min(4, q + 1)] = 1;  // head 1: the next token (the last row itself)
    v.encoderSelf[2 * 25 + q * 5 + 3] = 1;                   // head 2: the comma
  }
  v.decoderSelf.fill(0.0f, 3 * 9);
  v.cross.fill(0.0f, 3 * 15);
  for (int q = 0; q < 3; ++q) {
    v.cross[0 * 15 + q * 5 + 2 * q] = 1;  // head 0: on the scaled diagonal (0, 2, 4)
    v.cross[1 * 15 + q * 5 + 1] = 0.5f;   // head 1: on the split word "bc d"
    v.cross[1 * 15 + q * 5 + 2] = 0.5f;
    for (int k = 0; k < 5; ++k) v.cross[2 * 15 + q * 5 + k] = 0.2f;  // head 2: evenly
  }
  v.encoderMask.fill(0, 25);
  v.decoderMask = {0, 1, 1, 0, 0, 1, 0, 0, 0};
  v.crossMask.fill(0, 15);
  auto stat = [&](Kind kind, int head, HeadStatistic s) { return app::headStatistic(v, kind, 0, head, s); };
  QVERIFY(std::abs(stat(Kind::EncoderSelf, 0, HeadStatistic::PreviousToken) - 0.8) < 1e-6);  // 4 of 5 rows
  QVERIFY(std::abs(stat(Kind::EncoderSelf, 1, HeadStatistic::NextToken) - 0.8) < 1e-6);
  QCOMPARE(stat(Kind::EncoderSelf, 2, HeadStatistic::Punctuation), 1.0);
  QCOMPARE(stat(Kind::EncoderSelf, 0, HeadStatistic::Punctuation), 0.2);  // row 4, on the comma before it
  QCOMPARE(stat(Kind::Cross, 0, HeadStatistic::DiagonalBand), 1.0);
  QCOMPARE(stat(Kind::Cross, 1, HeadStatistic::SplitWords), 1.0);
  QCOMPARE(stat(Kind::Cross, 0, HeadStatistic::SplitWords), 1.0 / 3);  // row 1 lands on "d"
  QVERIFY(std::abs(stat(Kind::Cross, 2, HeadStatistic::NormalizedEntropy) - 1.0) < 1e-6);
  QCOMPARE(stat(Kind::Cross, 2, HeadStatistic::SplitWordShare), 0.4);  // 2 of the 5 keys
  QCOMPARE(stat(Kind::EncoderSelf, 2, HeadStatistic::PunctuationShare), 0.2);
  QCOMPARE(stat(Kind::Cross, 0, HeadStatistic::NormalizedEntropy), 0.0);

  // The rules, first match wins, with the default thresholds.
  const app::RoleThresholds t;
  auto role = [&](Kind kind, app::HeadMeasures m) { return app::classifyHead(kind, m, t); };
  QCOMPARE(role(Kind::EncoderSelf, {0.6, 0.9, 0, 0, 0, 0, 0, 0}), app::HeadRole::Sink);  // the sink first
  QCOMPARE(role(Kind::EncoderSelf, {0.1, 0.45, 0, 0, 0, 0, 0, 0}), app::HeadRole::PreviousToken);
  QCOMPARE(role(Kind::EncoderSelf, {0.1, 0.1, 0.5, 0, 0, 0, 0, 0}), app::HeadRole::NextToken);
  QCOMPARE(role(Kind::DecoderSelf, {0.1, 0.1, 0.5, 0, 0, 0, 0, 0}), app::HeadRole::Mixed);  // the decoder sees no next
  QCOMPARE(role(Kind::DecoderSelf, {0.1, 0.1, 0, 0.6, 0, 0, 0, 0}), app::HeadRole::SameToken);
  QCOMPARE(role(Kind::Cross, {0.1, 0.5, 0, 0.6, 0, 0, 0, 0}), app::HeadRole::Mixed);  // positions are self-attention's
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.55, 0, 0, 0}), app::HeadRole::Diagonal);
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.2, 0.45, 0.5, 0, 0.2, 0.2}), app::HeadRole::Punctuation);
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.2, 0.45, 0.5, 0, 0.3, 0.2}), app::HeadRole::RareWords);  // no lift
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.2, 0.1, 0.5, 0.9, 0.1, 0.3}), app::HeadRole::Broad);  // 0.5 < 2 x 0.3
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.2, 0.1, 0.5, 0.9, 0.1, 0.2}), app::HeadRole::RareWords);
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.2, 0.1, 0.1, 0.9}), app::HeadRole::Broad);
  QCOMPARE(role(Kind::Cross, {0.1, 0, 0, 0, 0.2, 0.1, 0.1, 0.5}), app::HeadRole::Mixed);
  // Every rule is written out with its threshold.
  const auto rules = app::roleRules(t);
  QCOMPARE(rules.size(), 10);
  QVERIFY(rules.join(" ").contains("0.85"));
}

void TestTimelapse::theRolesViewLabelsEveryHeadAndReadsTheRanking() {
  ui::MainWindow window(app::engineInfo());
  window.resize(1400, 900);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  window.tabs()->setCurrentWidget(window.attention());
  window.attention()->showHeadTimeline();
  auto* view = window.attention()->headTimeline();
  QTRY_VERIFY(view->isVisible());
  view->showRoles();
  QVERIFY(view->showsRoles());
  const auto roles = view->roles();
  QCOMPARE(roles.steps, (QList<qint64>{0, 4, 8, 12}));
  QCOMPARE(roles.rows.size(), 6);
  QCOMPARE(roles.roles.size(), 6 * 4);
  QVERIFY(!roles.ranked);  // no head ranking yet
  // Each cell's role is the rule applied to that step's statistics, as the records give them.
  app::ProbeHistory history;
  QVERIFY(history.open(run_, nullptr));
  const auto again = app::headRoles(history, false);
  QCOMPARE(again.roles, roles.roles);
  for (int r = 0; r < roles.rows.size(); ++r) {
    const int since = roles.settled[r];
    for (int c = since; c < 4; ++c) QCOMPARE(roles.role(r, c), roles.role(r, 3));
    if (since > 0) QVERIFY(roles.role(r, since - 1) != roles.role(r, 3));
  }
  QVERIFY(view->legend().contains(app::headRoleName(app::HeadRole::Sink)));
  QVERIFY(view->legend().contains("0.85"));

  // A head ranking in the run folder: the dead heads, in a column of their own.
  const QString ranking = QDir(run_).filePath("head-importance.json");
  QFile file(ranking);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(R"({"model": "best.pt", "loss": 2.0, "heads": [
      {"kind": "cross", "layer": 0, "head": 1, "bleu_drop": 0.0, "loss_rise": 0.0001},
      {"kind": "enc", "layer": 0, "head": 0, "bleu_drop": 3.5, "loss_rise": 0.2}]})");
  file.close();
  view->setHistory(&window.attention()->timelapse()->history(), false);  // read again
  const auto ranked = view->roles();
  QVERIFY(ranked.ranked);
  QCOMPARE(ranked.dead, (QVector<bool>{false, false, false, false, false, true}));
  QVERIFY(view->legend().contains("best.pt"));
  QCOMPARE(view->plot()->xAxis->range().upper, 4 - 0.5 + 1);  // the "ranked" column after the steps

  // Figures: the roles as SVG and PDF, the roles of every head at every step as JSON beside them.
  QVERIFY(view->saveSvg(tmp_.filePath("roles.svg")));
  QVERIFY(view->savePdf(tmp_.filePath("roles-pdf.pdf")));
  QFile json(tmp_.filePath("roles.json"));
  QVERIFY(json.open(QIODevice::ReadOnly));
  const auto doc = QJsonDocument::fromJson(json.readAll()).object();
  QCOMPARE(doc["shown"].toString(), QString("roles"));
  QCOMPARE(doc["heads"].toArray().size(), 6);
  QCOMPARE(doc["heads"].toArray()[5].toObject()["dead"].toBool(), true);
  QCOMPARE(doc["heads"].toArray()[0].toObject()["roles"].toArray().size(), 4);
  QVERIFY(QFile::remove(ranking));
}

void TestTimelapse::theRolesThresholdsAreEditedAndKept() {
  ui::MainWindow window(app::engineInfo());
  window.resize(1400, 900);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  window.tabs()->setCurrentWidget(window.attention());
  window.attention()->showHeadTimeline();
  auto* view = window.attention()->headTimeline();
  QTRY_VERIFY(view->isVisible());
  auto* button = view->findChild<QPushButton*>("Role thresholds button");
  QVERIFY(button);
  QVERIFY(!button->isVisible());  // a statistic is shown, not the roles
  view->showRoles();
  QVERIFY(button->isVisible());
  app::ProbeHistory history;
  QVERIFY(history.open(run_, nullptr));
  QCOMPARE(view->roles().roles, app::headRoles(history, false).roles);  // the defaults

  // A sink at any weight on the end token: the first rule holds for every head at every step.
  button->click();
  auto* dialog = view->findChild<ui::RoleThresholdsDialog*>("Role thresholds");
  QVERIFY(dialog && dialog->isVisible());
  dialog->findChild<QDoubleSpinBox*>("sink")->setValue(0.0);
  dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
  QCOMPARE(view->roleThresholds().sink, 0.0);
  for (const auto role : view->roles().roles) QCOMPARE(role, app::HeadRole::Sink);
  QVERIFY2(view->legend().contains("at least 0 of its attention"), qPrintable(view->legend()));
  app::RoleThresholds zero_sink;
  zero_sink.sink = 0.0;
  QCOMPARE(view->roles().roles, app::headRoles(history, false, zero_sink).roles);

  // Kept between starts; Cancel changes nothing; Restore defaults brings the defaults back.
  QTRY_VERIFY(!view->findChild<ui::RoleThresholdsDialog*>("Role thresholds"));  // closed and deleted
  QCOMPARE(ui::savedRoleThresholds().sink, 0.0);
  QCOMPARE(ui::HeadTimelineView().roleThresholds().sink, 0.0);
  button->click();
  dialog = view->findChild<ui::RoleThresholdsDialog*>("Role thresholds");
  QVERIFY(dialog);
  dialog->findChild<QDoubleSpinBox*>("broad")->setValue(0.1);
  dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel)->click();
  QCOMPARE(view->roleThresholds().broad, app::RoleThresholds{}.broad);
  QTRY_VERIFY(!view->findChild<ui::RoleThresholdsDialog*>("Role thresholds"));  // closed and deleted
  button->click();
  dialog = view->findChild<ui::RoleThresholdsDialog*>("Role thresholds");
  QVERIFY(dialog);
  auto* buttons = dialog->findChild<QDialogButtonBox*>();
  buttons->button(QDialogButtonBox::RestoreDefaults)->click();
  QCOMPARE(dialog->findChild<QDoubleSpinBox*>("sink")->value(), 0.5);
  buttons->button(QDialogButtonBox::Ok)->click();
  QCOMPARE(view->roles().roles, app::headRoles(history, false).roles);
  QCOMPARE(ui::savedRoleThresholds().sink, app::RoleThresholds{}.sink);
}

void TestTimelapse::theHeadTimelineOpensAHeadAtAStep() {
  ui::MainWindow window(app::engineInfo());
  window.resize(1400, 900);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  window.tabs()->setCurrentWidget(window.attention());
  window.attention()->showHeadTimeline();
  auto* view = window.attention()->headTimeline();
  QTRY_VERIFY(view->isVisible());
  const auto& t = view->timeline();
  QCOMPARE(t.steps, (QList<qint64>{0, 4, 8, 12}));
  QCOMPARE(t.rows.size(), 3 * 1 * 2);  // three attentions, one layer each, two heads
  // The mean over the probes of each head's entropy at step 8, as computed from the records.
  app::ProbeHistory history;
  QVERIFY(history.open(run_, nullptr));
  for (int r = 0; r < t.rows.size(); ++r) {
    double mean = 0;
    for (int p : history.probes())
      mean += app::headStatistic(history.frame(p, false, 8)->view, t.rows[r].kind, t.rows[r].layer, t.rows[r].head,
                                 app::HeadStatistic::Entropy) / history.probes().size();
    QVERIFY(std::abs(t.value(r, 2) - mean) < 1e-9);
  }
  // A click on (cross, layer 1, head 2) at step 8 opens that map at that step.
  view->plot()->replot();
  const int x = int(view->plot()->xAxis->coordToPixel(2));
  const int y = int(view->plot()->yAxis->coordToPixel(5));
  QTest::mouseClick(view->plot(), Qt::LeftButton, {}, QPoint(x, y));
  QCOMPARE(window.attention()->timelapseStep(), qint64(8));
  QCOMPARE(window.attention()->shownMatrix().rows, window.attention()->view().targetLength);
  QCOMPARE(window.attention()->shownMatrix().columns, window.attention()->view().sourceLength);
  const auto* frame = history.frame(window.attention()->timelapse()->history().probes().first(), false, 8);
  QVERIFY(frame);
  QCOMPARE(float(window.attention()->shownMatrix().value(0, 0)), frame->view.weight(app::AttentionView::Kind::Cross, 0, 1, 0, 0));
  const auto entropy = t.values;
  view->setStatistic(app::HeadStatistic::Diagonal);
  QVERIFY(view->timeline().values != entropy);
  for (double share : view->timeline().values) QVERIFY(share >= 0 && share <= 1.0 + 1e-6);
}

// The Logit lens tab over training: each recorded step's share of positions
// where the piece that came next was already the likeliest after each block,
// counted here from probes.rec; the CLI's `timelapse --lens` gives the same
// numbers; a click on a column shows that step, and the grid above shows the
// probe's lens of that step.
void TestTimelapse::theLensOverTrainingIsTheRecordsAndMovesTheTimelapse() {
  ui::MainWindow window(app::engineInfo());
  window.resize(1400, 900);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  window.tabs()->setCurrentWidget(window.attention());
  window.attention()->showLens();
  auto* tab = window.attention()->lens();
  tab->showTimeline();
  auto* view = tab->timeline();
  QTRY_VERIFY(view->isVisible());
  const auto& t = view->timeline();
  QVERIFY2(!t.isEmpty(), qPrintable(view->emptyReason()));
  QCOMPARE(t.steps, (QList<qint64>{0, 4, 8, 12}));
  QCOMPARE(t.stages, 3);  // one decoder layer

  const auto contents = model::readProbeFile((run_ + "/probes.rec").toStdString());
  for (int c = 0; c < t.steps.size(); ++c)
    for (int r = 0; r < t.stages; ++r) {
      int first = 0, positions = 0, sentences = 0;
      double probability = 0;
      std::vector<int64_t> ranks;
      for (const auto& rec : contents.records) {
        if (rec.step != t.steps[c] || rec.target != model::ProbeTarget::Reference) continue;
        const auto& l = rec.attention.lens;
        QCOMPARE(l.stages, int64_t(3));
        ++sentences;
        for (int64_t p = 0; p < l.positions; ++p) {
          ++positions;
          first += l.next_rank[size_t(r * l.positions + p)] == 1;
          probability += l.next_probability[size_t(r * l.positions + p)];
          ranks.push_back(l.next_rank[size_t(r * l.positions + p)]);
        }
      }
      std::sort(ranks.begin(), ranks.end());
      const size_t n = ranks.size();
      const double median = n % 2 ? double(ranks[n / 2]) : (ranks[n / 2 - 1] + ranks[n / 2]) / 2.0;
      QCOMPARE(t.sentences[c], sentences);
      QCOMPARE(t.positions[c], positions);
      QVERIFY(std::abs(t.value(app::LensStatistic::Top1Share, r, c) - double(first) / positions) < 1e-12);
      QVERIFY(std::abs(t.value(app::LensStatistic::MeanProbability, r, c) - probability / positions) < 1e-9);
      QCOMPARE(t.value(app::LensStatistic::MedianRank, r, c), median);
    }
  // The colour map draws the chosen statistic: the median rank on a log scale.
  view->setStatistic(app::LensStatistic::MedianRank);
  auto* map = qobject_cast<QCPColorMap*>(view->plot()->plottable(0));
  QVERIFY(map);
  QCOMPARE(map->data()->cell(2, 1), t.value(app::LensStatistic::MedianRank, 1, 2));
  QCOMPARE(map->dataScaleType(), QCPAxis::stLogarithmic);
  view->setStatistic(app::LensStatistic::Top1Share);
  QCOMPARE(map->data()->cell(2, 1), t.value(app::LensStatistic::Top1Share, 1, 2));

  // The CLI reads the same records to the same numbers.
  QTemporaryDir out;
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"timelapse", "--run", run_, "--lens", "--out", out.path()});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  QFile printed(out.filePath("lens-over-training.csv"));
  QVERIFY(printed.open(QIODevice::ReadOnly));
  const QStringList cli_lines = QString::fromUtf8(printed.readAll()).trimmed().split('\n');
  const QStringList app_lines = t.toCsv().trimmed().split('\n');
  QCOMPARE(cli_lines.size(), app_lines.size());
  QCOMPARE(cli_lines[0], app_lines[0]);
  for (int i = 1; i < cli_lines.size(); ++i) {
    const QStringList a = cli_lines[i].split(','), b = app_lines[i].split(',');
    QCOMPARE(a.mid(0, 5), b.mid(0, 5));
    for (int k = 5; k < 8; ++k)
      QVERIFY2(std::abs(a[k].toDouble() - b[k].toDouble()) < 1e-7, qPrintable(cli_lines[i]));
  }
  // And the view's own export.
  QVERIFY(view->saveCsv(out.filePath("app.csv")));
  QFile saved(out.filePath("app.csv"));
  QVERIFY(saved.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(saved.readAll()), t.toCsv());

  // Hovering a cell reads it out; a click on step 8's column shows that step, its lens in the grid.
  view->plot()->replot();
  const QPoint cell(int(view->plot()->xAxis->coordToPixel(2)), int(view->plot()->yAxis->coordToPixel(1)));
  QMouseEvent move(QEvent::MouseMove, QPointF(cell), view->plot()->mapToGlobal(QPointF(cell)), Qt::NoButton,
                   Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(view->plot(), &move);
  QVERIFY2(view->hoverText().contains("Layer 1 · cross-attention at step 8"), qPrintable(view->hoverText()));
  QTest::mouseClick(view->plot(), Qt::LeftButton, {}, cell);
  QCOMPARE(window.attention()->timelapseStep(), qint64(8));
  QVERIFY2(tab->hasLens(), qPrintable(tab->message()));
  const int probe = window.attention()->timelapse()->history().probes().first();
  const model::ProbeRecord* want = nullptr;
  for (const auto& rec : contents.records)
    if (rec.step == 8 && rec.probe == probe && rec.target == model::ProbeTarget::Reference) want = &rec;
  QVERIFY(want);
  const auto& l = want->attention.lens;
  for (int r = 0; r < int(l.stages); ++r)
    for (int p = 0; p < int(l.positions); ++p)
      QCOMPARE(tab->cellPiece(r, p),
               QString::fromStdString(l.top_pieces[size_t((r * l.positions + p) * l.top)]));
  // The marker follows the timelapse.
  window.attention()->timelapse()->showStep(4);
  auto* marker = qobject_cast<QCPItemStraightLine*>(view->plot()->item(0));
  QVERIFY(marker && marker->visible());
  QCOMPARE(marker->point1->coords().x(), 1.0);
}

// A run recorded before probes.rec held the lens (format version 1): the
// frames play as before, and the Logit lens tab, its view over training and
// the CLI say why there is no lens rather than drawing nothing.
void TestTimelapse::aRunRecordedWithoutTheLensSaysSo() {
  const QString old_run = tmp_.filePath("old-run");
  QVERIFY(QDir().mkpath(old_run));
  const auto contents = model::readProbeFile((run_ + "/probes.rec").toStdString());
  std::string bytes = model::probeFileHeader(1);
  for (const auto& r : contents.records) bytes += model::encodeProbeRecord(r, 1);
  {
    std::ofstream out((old_run + "/probes.rec").toStdString(), std::ios::binary);
    out << bytes;
  }
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1200, 800);
  explorer.show();
  QVERIFY(QTest::qWaitForWindowExposed(&explorer));
  explorer.setTimelapseRun(old_run);
  explorer.showTimelapseStep(8);
  QCOMPARE(explorer.timelapseStep(), qint64(8));
  QVERIFY(!explorer.view().isEmpty());
  explorer.showLens();
  auto* tab = explorer.lens();
  QVERIFY(!tab->hasLens());
  QVERIFY2(tab->message().contains("older version"), qPrintable(tab->message()));
  tab->showTimeline();
  QTRY_VERIFY(tab->timeline()->isVisible());
  QVERIFY(tab->timeline()->timeline().isEmpty());
  QVERIFY2(tab->timeline()->emptyReason().contains("attention only"),
           qPrintable(tab->timeline()->emptyReason()));
  QVERIFY(!tab->timeline()->saveCsv(tmp_.filePath("none.csv")));

  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"timelapse", "--run", old_run, "--lens"});
  QVERIFY(cli.waitForFinished(120000));
  const QString err = QString::fromUtf8(cli.readAllStandardError());
  QVERIFY2(cli.exitCode() == 1 && err.contains("holds attention only (format version 1"), qPrintable(err));
}

void TestTimelapse::theSliderPlaysTheRunAndTheChartsFollow() {
  ui::MainWindow window(app::engineInfo());
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  auto* explorer = window.attention();
  auto* bar = explorer->timelapse();
  QVERIFY(bar->hasFrames());
  QCOMPARE(bar->steps(), (QList<qint64>{0, 4, 8, 12}));
  // Opening the run shows its last step; the charts mark it.
  QCOMPARE(explorer->timelapseStep(), qint64(12));
  QCOMPARE(window.training()->lossChart()->marker(), 12.0);

  // The slider: step 4's map is the record's.
  bar->slider()->setValue(1);
  QCOMPARE(explorer->timelapseStep(), qint64(4));
  QCOMPARE(window.training()->lossChart()->marker(), 4.0);
  QCOMPARE(window.training()->bleuChart()->marker(), 4.0);
  const auto contents = model::readProbeFile((run_ + "/probes.rec").toStdString());
  const model::ProbeRecord* want = nullptr;
  for (const auto& r : contents.records)
    if (r.step == 4 && r.probe == 0 && r.target == model::ProbeTarget::Reference) want = &r;
  QVERIFY(want);
  explorer->select(app::AttentionView::Kind::Cross, 0, 1);
  const auto& shown = explorer->shownMatrix();
  QCOMPARE(shown.rows, int(want->attention.target_length));
  QCOMPARE(shown.columns, int(want->attention.source_length));
  for (int q = 0; q < shown.rows; ++q)
    for (int k = 0; k < shown.columns; ++k) QCOMPARE(float(shown.value(q, k)), want->attention.crossWeight(0, 1, q, k));
  QCOMPARE(explorer->view().translation, QString::fromStdString(want->attention.translation));

  // The same head keeps its place while the steps change; the whole grid follows.
  bar->slider()->setValue(3);
  QCOMPARE(explorer->timelapseStep(), qint64(12));
  QCOMPARE(explorer->thumbnailCount() > 0, true);

  // Own translations, then play from the start to the end.
  bar->setOwnTranslation(true);
  QCOMPARE(explorer->timelapseStep(), qint64(12));
  bar->slider()->setValue(0);
  QCOMPARE(window.training()->lossChart()->marker(), 0.0);
  bar->play();
  QVERIFY(bar->isPlaying());
  QTRY_COMPARE_WITH_TIMEOUT(explorer->timelapseStep(), qint64(12), 60000);  // a slow, shared machine
  QTRY_VERIFY_WITH_TIMEOUT(!bar->isPlaying(), 30000);
  QCOMPARE(window.training()->lossChart()->marker(), 12.0);

  // The timelapse exported from the app: the map as chosen, a picture a step, and the weights.
  bar->setOwnTranslation(false);  // on the reference: the same grid at every step
  bar->showStep(12);
  QTemporaryDir out;
  QString error;
  QCOMPARE(explorer->exportTimelapse(out.path(), &error), 4);
  for (const char* step : {"00000000", "00000004", "00000008", "00000012"})
    QVERIFY2(!QImage(out.filePath(QString("frame-%1.png").arg(step))).isNull(), step);
  QFile csv(out.filePath("weights.csv"));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  const int cells = explorer->shownMatrix().rows * explorer->shownMatrix().columns;
  QCOMPARE(QString::fromUtf8(csv.readAll()).count('\n'), 1 + 4 * cells);
  QCOMPARE(explorer->timelapseStep(), qint64(12));  // back where it was

  // A captured sentence replaces the frame: no step is marked as shown.
  app::AttentionView captured = explorer->view();
  explorer->showView(captured);
  QCOMPARE(explorer->timelapseStep(), qint64(-1));
}

void TestTimelapse::aClickOnAChartMovesTheSlider() {
  ui::MainWindow window(app::engineInfo());
  window.resize(1400, 900);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  auto* chart = window.training()->lossChart();
  chart->replotNow();
  QCustomPlot* plot = chart->plot();
  const QRect area = plot->axisRect()->rect();
  const int x = int(plot->xAxis->coordToPixel(9.0));
  QVERIFY2(area.left() < x && x < area.right(), qPrintable(QString("x %1 outside the plot").arg(x)));
  QCOMPARE(qRound(chart->stepAt(x)), 9);
  QSignalSpy clicked(chart, &ui::MetricChart::stepClicked);
  QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(x, area.center().y()));
  QCOMPARE(clicked.size(), 1);
  // Step 9 was not recorded: the explorer shows step 8, the one before.
  QCOMPARE(window.attention()->timelapseStep(), qint64(8));
  QCOMPARE(window.attention()->timelapse()->slider()->value(), 2);
  QCOMPARE(chart->marker(), 8.0);

  // A drag pans the chart and moves nothing.
  QTest::mousePress(plot, Qt::LeftButton, {}, QPoint(x, area.center().y()));
  QTest::mouseMove(plot, QPoint(x - 60, area.center().y()));
  QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(x - 60, area.center().y()));
  QCOMPARE(clicked.size(), 1);
  QCOMPARE(window.attention()->timelapseStep(), qint64(8));
}

void TestTimelapse::aClickOnAChartOffersThatStepsModel() {
  ui::MainWindow window(app::engineInfo());
  window.resize(1400, 900);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openPath(run_));
  auto* chart = window.training()->bleuChart();
  chart->replotNow();
  QCustomPlot* plot = chart->plot();
  const int y = plot->axisRect()->rect().center().y();
  auto clickAt = [&](double step) {
    QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(int(plot->xAxis->coordToPixel(step)), y));
    return window.training()->findChild<QMenu*>("Step menu");
  };
  // Near step 6 (kept in models/): a menu offers that step's model.
  QMenu* menu = clickAt(6.05);
  QVERIFY2(menu, qPrintable(QString("range %1..%2, %3 steps a pixel, %4 models in %5")
                                .arg(plot->xAxis->range().lower)
                                .arg(plot->xAxis->range().upper)
                                .arg(chart->stepsPerPixel())
                                .arg(app::runModels(run_).size())
                                .arg(window.training()->runDir())));
  QCOMPARE(menu->actions().size(), 2);
  QVERIFY2(menu->actions()[0]->text().contains("step 6"), qPrintable(menu->actions()[0]->text()));
  menu->actions()[0]->trigger();
  menu->close();
  QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(window.translate()));
  QCOMPARE(window.translate()->modelSource().path, QDir(run_).absoluteFilePath("models/step-00000006.pt"));
  QTRY_VERIFY(!window.training()->findChild<QMenu*>("Step menu"));

  // "Explore in Attention": the probe sentence, captured with step 12's model.
  menu = clickAt(12);
  QVERIFY(menu);
  QSignalSpy shown(window.attention(), &ui::AttentionWorkspace::viewShown);
  menu->actions()[1]->trigger();
  menu->close();
  QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(window.attention()));
  QVERIFY(shown.wait(30000));
  QCOMPARE(window.attention()->timelapseStep(), qint64(-1));
  QCOMPARE(window.attention()->view().modelPath, QDir(run_).absoluteFilePath("models/step-00000012.pt"));
  QCOMPARE(window.attention()->view().source, window.attention()->timelapse()->probeSentence());
  QTRY_VERIFY(!window.training()->findChild<QMenu*>("Step menu"));

  // Far from any model (step 9: between checkpoints): no menu.
  QVERIFY(!clickAt(9));
}

void TestTimelapse::theFormShowsWhatKeptModelsCost() {
  ui::TrainingSettingsForm form;
  form.setPreset("tiny");  // 3,000 steps, an evaluation every 250
  QVERIFY(form.keptModelsCost().isEmpty());  // off by default
  auto* keep = form.findChild<QSpinBox*>("Keep models");
  QVERIFY(keep);
  keep->setValue(2);
  // 6 models of the tiny shape with an 8,000-piece vocabulary, float32.
  auto config = model::trainingPreset("tiny");
  config.keep_models_every = 2;
  config.model.vocab_size = 8000;
  const auto estimate = model::keptModelsEstimate(config);
  QCOMPARE(estimate.files, int64_t(6));
  // (No catalog is loaded here: the source text's "model(s)".)
  QVERIFY2(form.keptModelsCost().startsWith("Keeps 6 model") &&
               form.keptModelsCost().contains("about " + QLocale().formattedDataSize(estimate.bytes)),
           qPrintable(form.keptModelsCost()));
  form.setVocabSize(16000);  // a larger vocabulary, larger files
  QVERIFY(!form.keptModelsCost().contains(QLocale().formattedDataSize(estimate.bytes)));
  QVERIFY(form.configJson().contains("\"keep_models_every\":2"));

  // Probe sentences typed into the form reach the configuration the engine reads.
  form.setProbes("mở tập tin ||| open the file\n\n# mine\ntìm kiếm");
  QString error;
  const auto config_json = form.configJson(&error);
  QVERIFY2(error.isEmpty(), qPrintable(error));
  const auto read = model::trainingConfigFromJson(nlohmann::json::parse(config_json.toStdString()));
  QCOMPARE(read.probes.size(), size_t(2));
  QCOMPARE(read.probes[0].reference, std::string("open the file"));
  QCOMPARE(read.probes[1].source, std::string("tìm kiếm"));
  QVERIFY(read.probes[1].reference.empty());
  form.setProbes("đóng cửa sổ\n ||| a reference alone");
  form.configJson(&error);
  QVERIFY2(error.contains("line 2"), qPrintable(error));
  // A run's configuration fills the box again.
  QJsonObject training;
  training["probes"] = QJsonArray{QJsonObject{{"source", "lưu"}, {"reference", "save"}}};
  form.applyConfig(training);
  QCOMPARE(form.probes(), QString("lưu ||| save"));
}

void TestTimelapse::runsSideBySide() {
  auto config = smallConfig(12);
  config.schedule = model::ScheduleKind::Cosine;
  config.learning_rate = 2e-3;
  const QString other = tmp_.filePath("cosine");
  QVERIFY(train(config, data_, other.toStdString(), false));

  // The settings: read through the engine, so both runs have every field.
  QString error;
  const auto a = app::readComparedRun(run_, &error), b = app::readComparedRun(other, &error);
  QVERIFY2(a && b, qPrintable(error));
  QCOMPARE(a->settings.keys(), b->settings.keys());
  QCOMPARE(a->settings.value("model.d_model"), QString("32"));
  QCOMPARE(a->settings.value("data"),
           QFileInfo(QString::fromStdString(data_)).fileName());  // the same for both
  QCOMPARE(app::differingSettings({*a, *b}), (QStringList{"schedule", "learning_rate"}));
  QCOMPARE(app::describeDifferences(*b, *a), QString("schedule cosine, learning_rate 0.002"));
  QCOMPARE(app::describeDifferences(*a, *a), QString("same settings"));
  QVERIFY(!app::readComparedRun(tmp_.filePath("no-such-run"), &error));
  QVERIFY2(error.contains("no-such-run"), qPrintable(error));

  // (A workspace of its own: the main window would show the error below in a modal box.)
  ui::TrainingWorkspace workspace;
  auto* training = &workspace;
  workspace.show();
  QVERIFY(workspace.openRun(run_));
  QCOMPARE(training->lossChart()->seriesCount(), 2);
  // Dev BLEU and chrF, a point each evaluation (chrF read back from metrics.jsonl); the original
  // dev's BLEU (fine-tuning runs only) stays empty.
  QCOMPARE(training->bleuChart()->seriesCount(), 3);
  QVERIFY(training->bleuChart()->pointCount(0) > 0);
  QCOMPARE(training->bleuChart()->pointCount(1), training->bleuChart()->pointCount(0));
  QCOMPARE(training->bleuChart()->pointCount(2), 0);
  QVERIFY(training->compareWith(other));
  // Its curves on every chart, one colour, the legend naming what differs.
  QCOMPARE(training->lossChart()->seriesCount(), 4);  // + train and dev loss
  QCOMPARE(training->bleuChart()->seriesCount(), 4);  // + its BLEU
  QCOMPARE(training->bleuChart()->pointCount(3), 2);  // its evaluations at steps 6 and 12
  QCOMPARE(training->lossChart()->pointCount(2), 12);
  QCOMPARE(training->comparison()->legendName(0), QString("cosine: schedule cosine, learning_rate 0.002"));
  // The compared run trains on (resumed to step 18, elsewhere): its curves grow, no click needed.
  QVERIFY(!training->comparison()->refresh());  // nothing new yet
  QVERIFY(train({}, data_, other.toStdString(), true, 18));
  QTRY_COMPARE_WITH_TIMEOUT(training->lossChart()->pointCount(2), 18, 10000);
  QCOMPARE(training->bleuChart()->pointCount(3), 3);  // + step 18's evaluation
  QCOMPARE(training->lossChart()->seriesCount(), 4);  // the same series, longer
  // Its file gone (a folder moved away): what was read stays drawn.
  QVERIFY(QFile::rename(other + "/metrics.jsonl", other + "/metrics.moved"));
  QVERIFY(!training->comparison()->refresh());
  QCOMPARE(training->lossChart()->pointCount(2), 18);
  QVERIFY(QFile::rename(other + "/metrics.moved", other + "/metrics.jsonl"));
  // The table: this run and the other, the differing settings highlighted.
  auto* table = training->comparison()->table();
  QCOMPARE(table->columnCount(), 2);
  QCOMPARE(table->rowCount(), 2);  // only what differs, by default
  QCOMPARE(table->verticalHeaderItem(0)->text(), QString("schedule"));
  QCOMPARE(table->item(0, 0)->text(), QString("noam"));
  QCOMPARE(table->item(0, 1)->text(), QString("cosine"));
  QVERIFY(table->item(0, 1)->background() != QBrush());
  auto* all = training->comparison()->findChild<QCheckBox*>();
  QVERIFY(all);
  all->setChecked(false);
  QVERIFY(table->rowCount() > 30);
  // Tested on this run's test split: each run's test BLEU with its interval, its chrF, and whether its BLEU
  // differs from this run's by more than chance, as the engine scores the same translations.
  all->setChecked(true);
  QSignalSpy tested(training->comparison(), &ui::RunComparisonPanel::testFinished);
  auto* test_button = training->comparison()->findChild<QPushButton*>("Test runs");
  QVERIFY(test_button && test_button->isEnabled());
  test_button->click();
  QTRY_VERIFY_WITH_TIMEOUT(!tested.isEmpty(), 120000);
  const auto result = tested.first().first().value<app::RunTestResult>();
  QCOMPARE(result.rows.size(), 3);  // the two runs, then both together
  QVERIFY(!result.rows[0].together && !result.rows[1].together && result.rows[2].together);
  QVERIFY2(result.notTogether.isEmpty(), qPrintable(result.notTogether));
  QCOMPARE(result.sourceFile, QDir(QString::fromStdString(data_)).filePath("test.vi"));
  QCOMPARE(table->rowCount(), 7 + 2);  // the test's rows, then what differs
  QCOMPARE(table->columnCount(), 3);   // the runs, then both together
  QCOMPARE(table->horizontalHeaderItem(2)->text(), QString("All together"));
  QCOMPARE(table->verticalHeaderItem(0)->text(), QString("test BLEU \u00b1 95%"));
  QCOMPARE(table->verticalHeaderItem(2)->text(), QString("test TER (lower is better)"));
  QCOMPARE(table->verticalHeaderItem(4)->text(), QString("minimal pairs passed"));
  QCOMPARE(table->verticalHeaderItem(6)->text(), QString("seconds to translate it"));
  QCOMPARE(table->verticalHeaderItem(7)->text(), QString("schedule"));
  const auto src = model::readTextDocument(result.sourceFile.toStdString()).lines;
  const auto ref = model::readTextDocument(result.referenceFile.toStdString()).lines;
  QCOMPARE(result.lines, int(src.size()));
  std::vector<std::vector<std::string>> translations;
  for (const QString& dir : {run_, other, QString()}) {
    // Each run's best model, then the first with the second's (an ensemble).
    auto translator = model::Translator::fromFiles(
        QDir(dir.isEmpty() ? run_ : dir).filePath("best.pt").toStdString(), "", torch::kCPU);
    if (dir.isEmpty()) translator.addToEnsemble(QDir(other).filePath("best.pt").toStdString());
    std::vector<std::string> hypotheses;
    for (const auto& t : model::translateTexts(translator, src, model::DecodingOptions{}))
      hypotheses.push_back(t.text());
    translations.push_back(hypotheses);
  }
  const model::SegmentStatistics first(model::MetricKind::Bleu, translations[0], ref),
      second(model::MetricKind::Bleu, translations[1], ref);
  const auto paired = model::pairedTest(model::PairedTest::Bootstrap, first, second, 1000);
  QCOMPARE(result.rows[0].bleu, first.score());
  QCOMPARE(result.rows[1].bleu, second.score());
  QCOMPARE(result.rows[0].bleuCi, model::bootstrapEstimate(first).ci);
  QCOMPARE(result.rows[1].bleuCi, paired.system.ci);
  QCOMPARE(result.rows[1].pValue, translations[1] == translations[0] ? -1.0 : paired.p_value);
  QCOMPARE(result.rows[0].pValue, -1.0);
  QCOMPARE(result.rows[1].chrf, model::corpusChrf(translations[1], ref).score);
  QCOMPARE(result.rows[1].ter, model::corpusTer(translations[1], ref).score);
  QCOMPARE(table->item(2, 1)->text(), QString::number(result.rows[1].ter, 'f', 2));
  const model::SegmentStatistics together(model::MetricKind::Bleu, translations[2], ref);
  QCOMPARE(result.rows[2].bleu, together.score());
  QCOMPARE(result.rows[2].chrf, model::corpusChrf(translations[2], ref).score);
  QCOMPARE(result.rows[2].pValue,
           translations[2] == translations[0]
               ? -1.0
               : model::pairedTest(model::PairedTest::Bootstrap, first, together, 1000).p_value);
  QCOMPARE(table->item(0, 2)->text(),
           QString("%1 \u00b1 %2").arg(result.rows[2].bleu, 0, 'f', 2).arg(result.rows[2].bleuCi, 0, 'f', 2));
  QCOMPARE(table->item(0, 1)->text(),
           QString("%1 \u00b1 %2").arg(result.rows[1].bleu, 0, 'f', 2).arg(result.rows[1].bleuCi, 0, 'f', 2));
  QCOMPARE(table->item(3, 0)->text(), QString("\u2014"));  // no paired test of the first run against itself
  for (int c = 0; c < 3; ++c) {  // each translated the split, in some time
    QVERIFY(result.rows[c].seconds > 0);
    QCOMPARE(table->item(6, c)->text(), QString::number(result.rows[c].seconds, 'f', 1));
  }
  // The minimal pairs of the split (its numbers changed: every line holds one), scored by each run's
  // model as the engine scores them, and McNemar's test of the second against the first.
  {
    std::vector<std::string> src_words(src), ref_words(ref);
    for (auto& line : src_words) line = data::normalizeWhitespace(line);
    for (auto& line : ref_words) line = data::normalizeWhitespace(line);
    const auto pairs = model::makeMinimalPairs(src_words, ref_words, model::allMinimalPairKinds());
    QVERIFY(!pairs.empty());
    std::vector<std::vector<model::MinimalPairOutcome>> outcomes;
    for (const QString& dir : {run_, other}) {
      const auto translator =
          model::Translator::fromFiles(QDir(dir).filePath("best.pt").toStdString(), "", torch::kCPU);
      outcomes.push_back(model::scoreMinimalPairs(translator, pairs));
    }
    for (int run = 0; run < 2; ++run) {
      const auto all_kinds = model::tallyMinimalPairs(pairs, outcomes[size_t(run)]).back();
      QCOMPARE(result.rows[run].minimalPairs, int(pairs.size()));
      QCOMPARE(result.rows[run].minimalShare, all_kinds.share());
      QCOMPARE(table->item(4, run)->text(),
               QString("%1 % of %2").arg(100 * all_kinds.share(), 0, 'f', 1).arg(pairs.size()));
    }
    QCOMPARE(result.rows[0].minimalPValue, -1.0);
    const double mcnemar = model::compareMinimalPairs(pairs, outcomes[0], outcomes[1]).back().p;
    QCOMPARE(result.rows[1].minimalPValue, mcnemar);
    QCOMPARE(table->item(5, 1)->text(), mcnemar < 0.05 ? QString("yes (p = %1)").arg(mcnemar, 0, 'f', 3)
                                                       : QString("no (p = %1)").arg(mcnemar, 0, 'f', 2));
    QCOMPARE(table->item(5, 0)->text(), QString("\u2014"));
    QVERIFY(result.rows[2].minimalShare >= 0);  // the runs together too
  }
  const double p = result.rows[1].pValue;
  QCOMPARE(table->item(3, 1)->text(), p < 0      ? QString("no: the same translations")
                                      : p < 0.05 ? QString("yes (p = %1)").arg(p, 0, 'f', 3)
                                                 : QString("no (p = %1)").arg(p, 0, 'f', 2));
  QVERIFY(training->comparison()->findChild<QLabel*>("Run test status")->text().contains("test.vi"));
  QVERIFY(result.corpora.isEmpty());  // prepared from one corpus

  // The data folder as if prepared from two corpora (summary.json's corpora say whose test lines
  // are where): a BLEU row for each, the runs' translations of its lines alone.
  {
    const QString summary_path = QDir(QString::fromStdString(data_)).filePath("summary.json");
    QFile file(summary_path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray original = file.readAll();
    file.close();
    QJsonObject summary = QJsonDocument::fromJson(original).object();
    const int half = int(src.size()) / 2;
    summary["corpora"] = QJsonArray{
        QJsonObject{{"corpus", "/corpora/general.tsv"}, {"test", QJsonObject{{"first", 0}, {"pairs", half}}}},
        QJsonObject{{"corpus", "/corpora/ours.tmx"},
                    {"test", QJsonObject{{"first", half}, {"pairs", int(src.size()) - half}}}}};
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(summary).toJson());
    file.close();
    tested.clear();
    test_button->click();
    QTRY_VERIFY_WITH_TIMEOUT(!tested.isEmpty(), 120000);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(original);
    file.close();
    const auto by_corpus = tested.first().first().value<app::RunTestResult>();
    QCOMPARE(by_corpus.corpora, (QStringList{"general.tsv", "ours.tmx"}));
    QCOMPARE(table->rowCount(), 7 + 2 + 2);
    QCOMPARE(table->verticalHeaderItem(7)->text(), QString("test BLEU: ours.tmx"));
    for (int run = 0; run < 2; ++run) {
      const auto& hyp = translations[size_t(run)];
      const double second_half =
          model::corpusBleu({hyp.begin() + half, hyp.end()}, {ref.begin() + half, ref.end()}).score;
      QCOMPARE(by_corpus.rows[run].bleuByCorpus.size(), 2);
      QCOMPARE(by_corpus.rows[run].bleuByCorpus[0],
               model::corpusBleu({hyp.begin(), hyp.begin() + half}, {ref.begin(), ref.begin() + half}).score);
      QCOMPARE(by_corpus.rows[run].bleuByCorpus[1], second_half);
      QCOMPARE(table->item(7, run)->text(), QString::number(second_half, 'f', 2));
    }
  }

  // Comparing a folder that is no run says so and adds nothing.
  QSignalSpy errors(training, &ui::TrainingWorkspace::errorOccurred);
  QVERIFY(!training->compareWith(tmp_.filePath("no-such-run")));
  QCOMPARE(errors.size(), 1);
  QCOMPARE(training->lossChart()->seriesCount(), 4);
  // Removed: the charts hold this run's curves only.
  training->comparison()->removeRun(0);
  QCOMPARE(training->lossChart()->seriesCount(), 2);
  QCOMPARE(training->bleuChart()->seriesCount(), 3);  // BLEU, chrF and the original dev's
  QCOMPARE(table->columnCount(), 1);
  // This run alone: every setting of it (no other to differ from), and Test tests it alone, its BLEU
  // as the engine scores its translations, no runs together.
  QVERIFY(!all->isEnabled() && all->isChecked());
  const int settings_rows = table->rowCount() - 7 - 2;  // below the last test's rows (two corpora)
  QVERIFY2(settings_rows > 30, qPrintable(QString::number(table->rowCount())));
  QVERIFY(test_button->isEnabled());
  tested.clear();
  test_button->click();
  QTRY_VERIFY_WITH_TIMEOUT(!tested.isEmpty(), 120000);
  const auto alone = tested.first().first().value<app::RunTestResult>();
  QCOMPARE(alone.rows.size(), 1);
  QVERIFY(!alone.rows[0].together);
  QCOMPARE(alone.rows[0].bleu, first.score());
  QCOMPARE(alone.rows[0].bleuCi, model::bootstrapEstimate(first).ci);
  QCOMPARE(table->columnCount(), 1);
  QCOMPARE(table->rowCount(), 7 + settings_rows);
  QCOMPARE(table->item(0, 0)->text(),
           QString("%1 \u00b1 %2").arg(alone.rows[0].bleu, 0, 'f', 2).arg(alone.rows[0].bleuCi, 0, 'f', 2));
}

void TestTimelapse::newRecordsAppearWhileTheRunTrains() {
  // A copy of the run, resumed to step 16 while the explorer watches it.
  const QString run = tmp_.filePath("growing");
  QVERIFY(train(smallConfig(8), data_, run.toStdString(), false));
  ui::TimelapseBar bar;
  QVERIFY(bar.setRun(run));
  QCOMPARE(bar.steps(), (QList<qint64>{0, 4, 8}));
  QSignalSpy shown(&bar, &ui::TimelapseBar::frameShown);
  QVERIFY(train({}, data_, run.toStdString(), true, 16));
  QVERIFY(bar.refresh());
  QCOMPARE(bar.steps(), (QList<qint64>{0, 4, 8, 12, 16}));
  // It followed the newest step, as it was at the end.
  QCOMPARE(bar.step(), qint64(16));
  QVERIFY(!shown.isEmpty());
  QCOMPARE(shown.last().at(2).toLongLong(), qint64(16));
}

void TestTimelapse::aBarSetBeforeTheRunStartsFollowsIt() {
  // The Training workspace names its run folder before the trainer has made
  // it: the bar polls, and once probes.rec appears it plays it.
  const QString run = tmp_.filePath("not-yet");
  ui::TimelapseBar bar;
  QVERIFY(!bar.setRun(run));
  QVERIFY(!bar.refresh());  // still nothing: the folder keeps its name
  QCOMPARE(bar.runDir(), run);
  QVERIFY(train(smallConfig(8), data_, run.toStdString(), false));
  QVERIFY(bar.refresh());
  QCOMPARE(bar.runDir(), run);
  QCOMPARE(bar.steps(), (QList<qint64>{0, 4, 8}));
  QCOMPARE(bar.step(), qint64(8));
}

void TestTimelapse::aDamagedFileIsSaidNotShown() {
  const QString run = tmp_.filePath("newer-format");
  QVERIFY(QDir().mkpath(run));
  {
    std::ofstream out((run + "/probes.rec").toStdString(), std::ios::binary);
    out << model::probeFileHeader(9);
  }
  ui::TimelapseBar bar;
  QVERIFY(!bar.setRun(run));
  QVERIFY(!bar.hasFrames());
  auto* status = bar.findChild<QLabel*>("Timelapse status");
  QVERIFY(status);
  QVERIFY2(status->text().contains("version 9"), qPrintable(status->text()));
}

// The Minimal pairs tab over training: the run's test split's pairs scored by
// every model the run kept, each kind's share at each step as the CLI's
// minimal-pairs --run prints it, a line a kind on the chart; a model whose
// run kept none is refused saying how to keep them.
void TestTimelapse::theMinimalPairsOverTrainingAreTheKeptModelsScores() {
  ui::MinimalPairsPanel panel;
  panel.resize(1000, 700);
  panel.show();
  const QString best = QDir(run_).filePath("best.pt");
  panel.setModelProvider([best] { return app::ModelSource{app::ModelSource::Kind::File, best}; });
  QSignalSpy measured(&panel, &ui::MinimalPairsPanel::measured);
  QSignalSpy errors(&panel, &ui::MinimalPairsPanel::errorOccurred);
  panel.findChild<QPushButton*>("Minimal pairs over training")->click();
  QVERIFY(measured.wait(120000));
  QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().first().toString()));
  const auto result = panel.result();
  QCOMPARE(result.steps.size(), 2);  // models/step-6, step-12
  QCOMPARE(result.steps[0].step, qint64(6));
  QCOMPARE(result.steps[1].step, qint64(12));
  QVERIFY(panel.chart()->isVisible());
  QCOMPARE(panel.chart()->graphCount(), int(result.steps[0].tallies.size()));
  QCOMPARE(panel.chart()->graph(0)->dataCount(), 2);
  QVERIFY2(panel.summary().contains("from step 6 to 12"), qPrintable(panel.summary()));
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"--threads", "1", "minimal-pairs", "--run", run_, "--src", result.sourceFile,
                              "--ref", result.referenceFile, "--json", "--device", "cpu"});
  QVERIFY(cli.waitForFinished(180000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  const auto steps = QJsonDocument::fromJson(cli.readAllStandardOutput()).object()["steps"].toArray();
  QCOMPARE(int(steps.size()), int(result.steps.size()));
  for (int s = 0; s < result.steps.size(); ++s) {
    const auto step = steps[s].toObject();
    QCOMPARE(qint64(step["step"].toInteger()), result.steps[s].step);
    const auto tallies = step["tallies"].toArray();
    QCOMPARE(int(tallies.size()), int(result.steps[s].tallies.size()));
    for (int t = 0; t < tallies.size(); ++t) {
      QCOMPARE(tallies[t].toObject()["kind"].toString(), result.steps[s].tallies[t].kind);
      QCOMPARE(tallies[t].toObject()["preferred"].toInt(), result.steps[s].tallies[t].preferred);
      QCOMPARE(tallies[t].toObject()["pairs"].toInt(), result.steps[s].tallies[t].pairs);
    }
  }
  // A model outside any run: its own pairs are scored, over training is refused.
  QTemporaryDir lone;
  QVERIFY(QFile::copy(best, lone.filePath("model.pt")));
  QVERIFY(QFile::copy(QDir(run_).filePath("spm.model"), lone.filePath("spm.model")) ||
          QFile::copy(QString::fromStdString(data_) + "/spm.model", lone.filePath("spm.model")));
  const QString pairs_file = lone.filePath("pairs.tsv");
  {
    QFile file(pairs_file);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("mở tập tin số 3\topen the file number 3\topen the file number 4\n");
  }
  const QString lone_model = lone.filePath("model.pt");
  panel.setModelProvider([lone_model] { return app::ModelSource{app::ModelSource::Kind::File, lone_model}; });
  panel.measure(pairs_file);
  QVERIFY(measured.wait(60000));
  QCOMPARE(panel.result().pairs.size(), 1);
  QCOMPARE(panel.result().pairs[0].kind, QString("yours"));
  QVERIFY(!panel.chart()->isVisible());
  panel.findChild<QPushButton*>("Minimal pairs over training")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
  QVERIFY2(errors.first().first().toString().contains("kept no models"),
           qPrintable(errors.first().first().toString()));
}

STUDIO_TEST_MAIN_APP(TestTimelapse, QApplication)
#include "tst_timelapse.moc"
