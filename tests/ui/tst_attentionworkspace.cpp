// The Attention explorer as a user drives it, on a small model trained here:
// the heatmap cells equal the model's attention weights and masked cells are
// drawn masked; heads switched off, a beam node's prefix, the head ranking,
// source reliance, the explanations, the patching and the training examples
// equal the CLI's.

#include <cmath>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest/QtTest>

#include "BeamTreeCheck.h"
#include "WorkspaceFixture.h"
#include "app/explorer/TunedLensSession.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/AttentionMaps.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/Translator.h"
#include "ui/attention/AttentionGrid.h"
#include "ui/attention/AttentionMapView.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/BeamExplorer.h"
#include "ui/attention/EmbeddingView.h"
#include "ui/attention/QueryKeyView.h"
#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/explain/FaithfulnessPanel.h"
#include "ui/explain/MinimalPairsPanel.h"
#include "ui/explain/NeighboursView.h"
#include "ui/explain/PatchingPanel.h"
#include "ui/heads/HeadAblationPanel.h"
#include "ui/heads/HeadImportanceChart.h"
#include "ui/lens/LensView.h"
#include "ui/translate/AlignmentView.h"
#include "ui/translate/TranslateWorkspace.h"

using namespace studio;
using test::decodeSettings;
using Kind = app::AttentionView::Kind;

class TestAttentionWorkspace : public QObject, protected test::WorkspaceFixture {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void heatmapCellsEqualTheModelsWeights();
  void maskedCellsAreDrawnMasked();
  void meanOverHeadsAndMergedWords();
  void warningAndEntropyOnAHandMadeView();
  void exportsWriteFiles();
  void gridOpensAMap();
  void switchingHeadsOffTranslatesAgain();
  void clickingABeamNodeForcesItsPrefix();
  void theBeamTreeOpensOnTheWinnersPath();
  void rankingHeadsColoursTheGridAndEqualsTheCli();
  void hoveringAWordShowsItsAlignment();
  void sourceRelianceIsShownUnderTheTranslation();
  void explainShowsTheCliScoresSideBySide();
  void faithfulnessMeasuresEveryMethodAsTheCliDoes();
  void thePatchingTabShowsTheClisNumbers();
  void thePatchingTabSumsUpTheDevSentences();
  void aTextOfSeveralSentencesIsExploredOneAtATime();
  void theQueryKeyTabRebuildsEachWeightFromItsVectors();
  void theTrainingExamplesTabListsTheClisNeighbours();
  void theEmbeddingsTabMapsThePiecesAndListsTheClisNearest();
  void theLogitLensTabShowsTheClisLens();
  void theTunedLensIsTrainedBesideTheModelAndReadThrough();
  void aTranslationOfYourOwnIsReadByTheModel();
  void theMinimalPairsTabTestsTheRunAsTheCliDoes();

 private:
  app::AttentionView capture(ui::AttentionWorkspace& explorer, const QString& text, int pad_to);
};

void TestAttentionWorkspace::initTestCase() {
  const QString why = train();
  QVERIFY2(why.isEmpty(), qPrintable(why));
}

app::AttentionView TestAttentionWorkspace::capture(ui::AttentionWorkspace& explorer, const QString& text,
                                                  int pad_to) {
  QSignalSpy shown(&explorer, &ui::AttentionWorkspace::viewShown);
  explorer.setPadTo(pad_to);
  explorer.explore(fileSource(), text, {});
  if (!shown.wait(60000) && shown.isEmpty()) return {};
  return explorer.view();
}

void TestAttentionWorkspace::heatmapCellsEqualTheModelsWeights() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1000, 700);
  explorer.show();
  const int pad_to = 40;
  const auto view = capture(explorer, sentence_, pad_to);
  QVERIFY(!view.isEmpty());

  // The model's own weights, from a forward pass written here.
  auto translator = model::Translator::fromFiles(model_.toStdString(), "", torch::kCPU);
  auto& net = translator.model();
  net->eval();
  auto source = translator.encodeSource(sentence_.toStdString());
  const int64_t real = int64_t(source.size());
  while (int64_t(source.size()) < pad_to) source.push_back(net->options().pad_id);
  const auto best = translator.translate({sentence_.toStdString()}, {}).at(0).at(0);
  QCOMPARE(view.translation, QString::fromStdString(best.text));
  std::vector<int64_t> target{net->options().bos_id};
  target.insert(target.end(), best.ids.begin(), best.ids.end());
  model::AttentionMaps maps;
  {
    torch::NoGradGuard no_grad;
    net(torch::tensor(source).unsqueeze(0), torch::tensor(target).unsqueeze(0), &maps);
  }
  QCOMPARE(view.sourceLength, pad_to);
  QCOMPARE(view.padding, int(pad_to - real));
  QCOMPARE(view.targetLength, int(target.size()));

  const std::vector<std::pair<Kind, const std::vector<torch::Tensor>*>> kinds{
      {Kind::EncoderSelf, &maps.encoder_self}, {Kind::DecoderSelf, &maps.decoder_self}, {Kind::Cross, &maps.cross}};
  int compared = 0;
  for (const auto& [kind, tensors] : kinds) {
    for (int layer = 0; layer < int(tensors->size()); ++layer) {
      for (int head : {0, 3}) {
        explorer.select(kind, layer, head);
        const auto expected = (*tensors)[size_t(layer)][0][head];
        auto* data = explorer.heatmap()->data();
        QCOMPARE(data->keySize(), int(expected.size(1)));
        QCOMPARE(data->valueSize(), int(expected.size(0)));
        for (int q = 0; q < expected.size(0); ++q)
          for (int k = 0; k < expected.size(1); ++k) {
            const double want = expected[q][k].item<double>();
            const double drawn = data->cell(k, q);
            if (std::abs(drawn - want) > 1e-6)
              QFAIL(qPrintable(QString("kind %1 layer %2 head %3 cell (%4, %5): drawn %6, model %7")
                                   .arg(int(kind)).arg(layer).arg(head).arg(q).arg(k).arg(drawn).arg(want)));
            ++compared;
          }
      }
    }
  }
  QVERIFY(compared > 500);
  QVERIFY2(explorer.maskWarning().contains("no weight"), qPrintable(explorer.maskWarning()));
}

void TestAttentionWorkspace::maskedCellsAreDrawnMasked() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1000, 700);
  explorer.show();
  const auto view = capture(explorer, sentence_, 40);
  QVERIFY(!view.isEmpty());
  const int real = view.sourceLength - view.padding;
  QVERIFY(view.padding > 0);

  auto check = [&](Kind kind, auto expected_masked) {
    explorer.select(kind, 1, 2);
    const auto& m = explorer.shownMatrix();
    int masked = 0;
    for (int q = 0; q < m.rows; ++q)
      for (int k = 0; k < m.columns; ++k) {
        const bool want = expected_masked(q, k);
        if (explorer.cellDrawnMasked(q, k) != want)
          QFAIL(qPrintable(QString("kind %1 cell (%2, %3): drawn masked %4, expected %5")
                               .arg(int(kind)).arg(q).arg(k).arg(!want).arg(want)));
        masked += want;
      }
    QVERIFY(masked > 0);
  };
  check(Kind::Cross, [&](int, int k) { return k >= real; });
  check(Kind::EncoderSelf, [&](int, int k) { return k >= real; });
  check(Kind::DecoderSelf, [&](int q, int k) { return k > q; });

  // The toggle removes the overlay.
  explorer.setMasksShown(false);
  QVERIFY(!explorer.cellDrawnMasked(0, view.targetLength - 1));
  explorer.setMasksShown(true);
  QVERIFY(explorer.cellDrawnMasked(0, view.targetLength - 1));
}

void TestAttentionWorkspace::meanOverHeadsAndMergedWords() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  explorer.select(Kind::Cross, 0, -1);
  const auto& mean = explorer.shownMatrix();
  for (int q = 0; q < mean.rows; ++q)
    for (int k = 0; k < mean.columns; ++k) {
      double sum = 0;
      for (int h = 0; h < view.heads; ++h) sum += view.weight(Kind::Cross, 0, h, q, k);
      QVERIFY(std::abs(mean.value(q, k) - sum / view.heads) < 1e-6);
    }

  explorer.setMergeWords(true);
  const auto merged = explorer.shownMatrix();
  const auto groups = ui::wordGroups(view.sourceTokens);
  QCOMPARE(merged.columns, int(groups.size()));
  QVERIFY(merged.columns < view.sourceLength || view.sourceTokens.size() == groups.size());
  // Summing a word's keys and averaging its queries keeps rows distributions.
  for (int r = 0; r < merged.rows; ++r) {
    double row = 0;
    for (int c = 0; c < merged.columns; ++c) row += merged.value(r, c);
    QVERIFY2(std::abs(row - 1.0) < 1e-4, qPrintable(QString::number(row)));
  }
  QVERIFY(merged.columnLabels.contains("</s>"));
  QVERIFY(!merged.columnLabels.join("").contains(QChar(0x2581)));

  // Groups: "▁" opens a word, specials stand alone.
  const auto g = ui::wordGroups({"<s>", "\u2581C", "annot", "\u2581open", ".", "</s>", "<pad>"});
  QCOMPARE(g.size(), 5);
  QCOMPARE(g[1], QVector<int>({1, 2}));
  QCOMPARE(g[2], QVector<int>({3, 4}));
}

void TestAttentionWorkspace::warningAndEntropyOnAHandMadeView() {
  // One layer, two heads, 2 queries x 4 keys; key 3 is padding.
  app::AttentionView view;
  view.encoderLayers = view.decoderLayers = 1;
  view.heads = 2;
  view.sourceLength = 4;
  view.targetLength = 2;
  view.padding = 1;
  view.sourceTokens = QStringList{"\u2581a", "\u2581b", "</s>", "<pad>"};
  view.targetTokens = QStringList{"<s>", "\u2581x"};
  view.encoderSelf = QVector<float>(2 * 4 * 4, 0.0f);
  for (int h = 0; h < 2; ++h)
    for (int q = 0; q < 4; ++q)
      for (int k = 0; k < 3; ++k) view.encoderSelf[(h * 4 + q) * 4 + k] = 1.0f / 3;
  view.decoderSelf = {1, 0, 0.5f, 0.5f, 1, 0, 0.5f, 0.5f};
  // Head 0: uniform over the three real keys; head 1 puts 0.01 on the pad key.
  view.cross = {1.0f / 3, 1.0f / 3, 1.0f / 3, 0, 1.0f / 3, 1.0f / 3, 1.0f / 3, 0,
                0.99f,    0,        0,        0.01f, 0.99f, 0, 0, 0.01f};
  view.encoderMask = QVector<quint8>(16, 0);
  for (int q = 0; q < 4; ++q) view.encoderMask[q * 4 + 3] = 1;
  view.decoderMask = {0, 1, 0, 0};
  view.crossMask = {0, 0, 0, 1, 0, 0, 0, 1};

  double largest = 0;
  QCOMPARE(ui::maskedCellsWithWeight(view, 1e-6, &largest), 2);
  QVERIFY(std::abs(largest - 0.01) < 1e-6);
  const auto entropy = ui::headEntropies(view, Kind::Cross, 0);
  QCOMPARE(entropy.size(), 2);
  QVERIFY(std::abs(entropy[0] - std::log2(3.0)) < 1e-5);
  const double expected1 = -(0.99 * std::log2(0.99) + 0.01 * std::log2(0.01));
  QVERIFY(std::abs(entropy[1] - expected1) < 1e-5);
  // Padding queries are left out of the encoder's mean.
  QVERIFY(std::abs(ui::headEntropies(view, Kind::EncoderSelf, 0)[0] - std::log2(3.0)) < 1e-5);

  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.showView(view);
  QVERIFY2(explorer.maskWarning().contains("masking bug"), qPrintable(explorer.maskWarning()));
  explorer.select(Kind::Cross, 0, 1);
  QVERIFY(explorer.cellDrawnMasked(1, 3));
  QVERIFY(!explorer.cellDrawnMasked(1, 2));
  QCOMPARE(explorer.findChild<QTableWidget*>("Head entropy")->rowCount(), 2);
}

void TestAttentionWorkspace::exportsWriteFiles() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(900, 600);
  explorer.show();
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  explorer.select(Kind::DecoderSelf, 0, 0);
  const QString base = tmp_.filePath("export");
  QVERIFY(explorer.savePng(base + ".png"));
  QVERIFY(explorer.saveSvg(base + ".svg"));
  QVERIFY(explorer.saveCsv(base + ".csv"));
  QVERIFY(explorer.saveJson(base + ".json"));
  QImage png(base + ".png");
  QVERIFY(!png.isNull() && png.width() > 100);
  QFile svg(base + ".svg");
  QVERIFY(svg.open(QIODevice::ReadOnly));
  QVERIFY(svg.readAll().contains("<svg"));
  QFile csv(base + ".csv");
  QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
  const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), view.targetLength + 1);
  QCOMPARE(lines[1].split(',').size(), view.targetLength + 1);
  QCOMPARE(lines[1].split(',')[1].toDouble(), 1.0);  // <s> sees only itself
  QFile json(base + ".json");
  QVERIFY(json.open(QIODevice::ReadOnly));
  const auto doc = QJsonDocument::fromJson(json.readAll()).object();
  QCOMPARE(doc["translation"].toString(), view.translation);
  QCOMPARE(doc["heads"].toInt(), view.heads);
  // An unwritable place fails cleanly.
  QVERIFY(!explorer.saveCsv(tmp_.filePath("no/such/dir/x.csv")));
}

void TestAttentionWorkspace::gridOpensAMap() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  // A label and heads + mean for each of 2 encoder, 2 decoder and 2 cross layers.
  QCOMPARE(explorer.thumbnailCount(), 6 * (1 + view.heads + 1));
  QToolButton* target = nullptr;
  for (auto* button : explorer.findChildren<QToolButton*>())
    if (button->accessibleName() == "decoder self-attention, layer 2, head 3") target = button;
  QVERIFY(target);
  target->click();
  QCOMPARE(explorer.shownMatrix().rows, view.targetLength);
  QCOMPARE(explorer.shownMatrix().value(1, 0), double(view.weight(Kind::DecoderSelf, 1, 2, 1, 0)));

  // The thumbnails grow with the width, up to a row of them filling it; a narrow window keeps them at
  // their smallest (and scrolls).
  ui::AttentionGrid own_grid;
  auto* grid = &own_grid;
  grid->setView(view);
  grid->resize(600, 500);
  grid->show();
  QVERIFY(QTest::qWaitForWindowExposed(grid));
  QTRY_COMPARE(grid->thumbnailSide(), 96);
  grid->resize(180 + 5 * 200, 500);
  QTRY_VERIFY(grid->thumbnailSide() > 150);
  const int side = grid->thumbnailSide();
  QVERIFY2(grid->widget()->sizeHint().width() <= grid->viewport()->width() + 2,
           qPrintable(QString("a row of %1 px thumbnails is %2 px wide in %3")
                          .arg(side)
                          .arg(grid->widget()->sizeHint().width())
                          .arg(grid->viewport()->width())));
  QCOMPARE(grid->findChildren<QToolButton*>().size(), 6 * (view.heads + 1));
}

void TestAttentionWorkspace::switchingHeadsOffTranslatesAgain() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  auto* panel = explorer.ablation();
  QSignalSpy shown(panel, &ui::HeadAblationPanel::ablationShown);
  explorer.showAblation();  // the panel translates only while its tab is open
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  QVERIFY(shown.wait(60000) || !shown.isEmpty());  // every head on: both lines alike
  QCOMPARE(panel->ablatedTranslation(), panel->fullTranslation());
  QCOMPARE(panel->fullTranslation(), view.translation);

  // Every cross-attention head off, by clicking the grid: the decoder no
  // longer sees the source.
  for (int layer = 0; layer < view.decoderLayers; ++layer)
    for (int head = 0; head < view.heads; ++head) panel->headButton(Kind::Cross, layer, head)->click();
  QVERIFY(panel->isHeadOff(Kind::Cross, 1, 3) && !panel->isHeadOff(Kind::DecoderSelf, 1, 3));
  const QString mask = panel->headMask();
  QCOMPARE(mask, QString("cross:0:0,cross:0:1,cross:0:2,cross:0:3,cross:1:0,cross:1:1,cross:1:2,cross:1:3"));
  QTRY_COMPARE_WITH_TIMEOUT(panel->shownHeadMask(), mask, 60000);
  // The model's view changed: the translation's log-probability (the words themselves may stay: this small
  // fixture model writes its commonest phrase whatever the source).
  QVERIFY2(panel->ablatedLogProbability() != panel->fullLogProbability(),
           qPrintable(QString("%1 vs %2").arg(panel->ablatedLogProbability()).arg(panel->fullLogProbability())));
  QCOMPARE(panel->fullTranslation(), view.translation);

  // The CLI with the same mask prints the same translation.
  QCOMPARE(cliTranslation({"--head-mask", mask}), panel->ablatedTranslation());

  // Another sentence while the heads stay off: one request brings both lines, the full
  // model's as the reply's reference.
  const double first_full_log_p = panel->fullLogProbability();
  shown.clear();
  const auto other = capture(explorer, QStringLiteral("mở tập tin số 7"), 0);
  QVERIFY(!other.isEmpty());
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  QCOMPARE(panel->shownHeadMask(), mask);
  QCOMPARE(panel->fullTranslation(), other.translation);
  // The full line is this sentence's (the same words score differently from another source).
  QVERIFY2(panel->fullLogProbability() != first_full_log_p, qPrintable(QString::number(first_full_log_p)));
  QVERIFY(panel->ablatedLogProbability() != panel->fullLogProbability());

  // Switching every head on again gives the full translation back.
  panel->switchAllOn();
  QTRY_COMPARE_WITH_TIMEOUT(panel->shownHeadMask(), QString(), 60000);
  QCOMPARE(panel->ablatedTranslation(), other.translation);
  QVERIFY(panel->headMask().isEmpty());
  QCOMPARE(ui::HeadAblationPanel::wordDiffHtml("open the file", "open a file now"),
           QString("open <s style='color:#b42318'>the</s> <b style='color:#1a7f37'>a</b> file "
                   "<b style='color:#1a7f37'>now</b>"));
}

void TestAttentionWorkspace::clickingABeamNodeForcesItsPrefix() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  auto* beam = explorer.beam();
  QSignalSpy trees(beam, &ui::BeamExplorer::treeShown);
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(trees.isEmpty());  // a closed tab searches nothing
  explorer.showBeam();
  QVERIFY(!view.isEmpty());
  QVERIFY(trees.wait(60000) || !trees.isEmpty());
  QCOMPARE(beam->translation(), view.translation);
  const auto tree = beam->tree();
  QVERIFY(tree.size() > 4);
  QCOMPARE(tree[0].fate, app::BeamTreeNode::Fate::Root);
  // A first word the search did not choose; where the small model has none
  // (its first piece can be a bare word boundary, its rivals word pieces), a
  // first piece it did not choose.
  int chosen = -1;
  for (bool word_initial : {true, false})
    for (int i = 1; i < tree.size() && chosen < 0; ++i)
      if (tree[i].step == 1 && (!word_initial || tree[i].piece.startsWith(QChar(0x2581))) &&
          !beam->prefixText(i).isEmpty() && !view.translation.startsWith(beam->prefixText(i)))
        chosen = i;
  QStringList firsts;
  for (const auto& node : tree)
    if (node.step == 1) firsts << node.piece;
  QVERIFY2(chosen > 0, qPrintable("no other first word in the tree: " + firsts.join(' ') + " / " + view.translation));
  const QString prefix = beam->prefixText(chosen);

  // Click its box in the drawn tree.
  explorer.resize(1000, 700);
  explorer.show();
  explorer.showBeam();
  QVERIFY(QTest::qWaitForWindowExposed(&explorer));
  beam->view()->centerOn(beam->view()->nodeCentre(chosen));
  const QPoint at = beam->view()->mapFromScene(beam->view()->nodeCentre(chosen));
  QCOMPARE(beam->view()->nodeAt(at), chosen);
  trees.clear();
  QTest::mouseClick(beam->view()->viewport(), Qt::LeftButton, {}, at);
  QVERIFY(trees.wait(60000) || !trees.isEmpty());
  QCOMPARE(beam->prefix(), prefix);
  QVERIFY2(beam->translation().startsWith(prefix), qPrintable(beam->translation() + " / " + prefix));
  // The new search starts there: its first nodes spell the prefix (a word
  // piece is read again as a boundary and the piece, so only a word-initial
  // one is the first node itself).
  const auto again = beam->tree();
  bool spelled = false;
  for (int i = 1; i < again.size() && !spelled; ++i) spelled = again[i].step <= 3 && beam->prefixText(i) == prefix;
  QVERIFY2(spelled, qPrintable(prefix));
  if (tree[chosen].piece.startsWith(QChar(0x2581))) QCOMPARE(again[1].piece, tree[chosen].piece);

  // The CLI's --prefix gives the same translation.
  QCOMPARE(cliTranslation({"--prefix", prefix}), beam->translation());

  trees.clear();
  beam->clearPrefix();
  QVERIFY(trees.wait(60000) || !trees.isEmpty());
  QCOMPARE(beam->translation(), view.translation);
}

void TestAttentionWorkspace::theBeamTreeOpensOnTheWinnersPath() {
  // A wide tree (8 candidates a step, 12 steps) whose winner is the least
  // likely candidate at every step: drawn below every other branch.
  QList<app::BeamTreeNode> nodes{app::BeamTreeNode{}};
  QSet<int> winner{0};
  int parent = 0;
  for (int step = 1; step <= 12; ++step) {
    int last = -1;
    for (int k = 0; k < 8; ++k) {
      app::BeamTreeNode n;
      n.parent = parent;
      n.step = step;
      n.piece = QString("w%1_%2").arg(step).arg(k);
      n.probability = 0.5f / float(k + 1);
      n.logProbability = nodes[parent].logProbability + std::log(double(n.probability));
      n.fate = k == 7 ? app::BeamTreeNode::Fate::Kept : app::BeamTreeNode::Fate::Pruned;
      nodes.append(n);
      last = int(nodes.size()) - 1;
    }
    winner.insert(last);
    parent = last;
  }
  ui::BeamTreeView view;
  view.resize(900, 400);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.setTree(nodes, winner);
  QCoreApplication::processEvents();
  // The winner's path runs along one row: its translation reads left to right, whatever the other
  // candidates are; the view opens on it, from the root, as far as the width holds (at the smallest
  // scale 0.4, 900 pixels hold seven of its columns of 120).
  for (int node : winner) QCOMPARE(view.nodeCentre(node).y(), view.nodeCentre(0).y());
  QVERIFY2(test::winnersPathShown(view) >= 7, qPrintable(QString::number(test::winnersPathShown(view))));
  // Each step's other candidates branch off on both sides.
  int above = 0, below = 0;
  for (int i = 0; i < nodes.size(); ++i) {
    if (winner.contains(i)) continue;
    (view.nodeCentre(i).y() < view.nodeCentre(0).y() ? above : below) += 1;
  }
  QVERIFY(above > 0 && below > 0);
  // No two boxes in one place.
  QSet<QPair<int, int>> places;
  for (int i = 0; i < nodes.size(); ++i)
    places.insert({int(view.nodeCentre(i).x()), int(view.nodeCentre(i).y())});
  QCOMPARE(places.size(), nodes.size());
}

void TestAttentionWorkspace::rankingHeadsColoursTheGridAndEqualsTheCli() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  auto* chart = explorer.ablation()->importance();
  QSignalSpy ranked(chart, &ui::HeadImportanceChart::ranked);

  // Stopped at once: what was measured is kept, and said to be partial.
  chart->setSentences(50);
  chart->rank();
  chart->stop();
  QVERIFY(ranked.wait(300000) || !ranked.isEmpty());
  QVERIFY(chart->ranking().stopped);
  QVERIFY(chart->ranking().heads.size() < 24);

  ranked.clear();
  chart->setSentences(5);
  chart->setPruning(true);
  chart->rank();
  QVERIFY(ranked.wait(300000) || !ranked.isEmpty());
  const auto ranking = chart->ranking();
  QVERIFY(!ranking.stopped);
  QCOMPARE(ranking.sentences, 5);
  QCOMPARE(ranking.heads.size(), 24);  // (2 encoder + 2 decoder + 2 cross layers) × 4 heads
  for (int i = 1; i < ranking.heads.size(); ++i) QVERIFY(ranking.heads[i - 1].bleuDrop >= ranking.heads[i].bleuDrop);
  QVERIFY2(ranking.sourceFile.endsWith("dev.vi"), qPrintable(ranking.sourceFile));  // the run's dev split
  QVERIFY(QFile::exists(ranking.savedTo));
  QFile saved(ranking.savedTo);
  QVERIFY(saved.open(QIODevice::ReadOnly));
  const auto saved_json = QJsonDocument::fromJson(saved.readAll()).object();
  QCOMPARE(saved_json["heads"].toArray().size(), 24);
  // The pruning curve: every head on first, then one fewer a point, drawn and saved.
  QVERIFY(ranking.pruning.size() > 2);
  QCOMPARE(ranking.pruning.first().headsLeft, 24);
  QCOMPARE(ranking.pruning.first().bleu, ranking.bleu);
  for (int i = 1; i < ranking.pruning.size(); ++i)
    QCOMPARE(ranking.pruning[i].headsLeft, ranking.pruning[i - 1].headsLeft - 1);
  QVERIFY(chart->pruningPlot()->isVisibleTo(chart));
  QCOMPARE(chart->pruningPlot()->graphCount(), 2);
  QCOMPARE(chart->pruningPlot()->graph(0)->data()->size(), ranking.pruning.size());
  QCOMPARE(saved_json["pruning"].toArray().size(), ranking.pruning.size());
  const auto& top = ranking.heads.first();
  QVERIFY(explorer.ablation()->headButton(top.kind, top.layer, top.head)->toolTip().contains("Off alone"));

  // The CLI measures the same numbers.
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"heads", "--model", ranking.modelPath, "--src", ranking.sourceFile, "--ref",
                              ranking.referenceFile, "--sentences", "5", "--json", "--prune"});
  QVERIFY(cli.waitForFinished(300000));
  QCOMPARE(cli.exitCode(), 0);
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(json["bleu"].toDouble(), ranking.bleu);
  // The same sums in float32, in two processes whose threads may split them differently.
  QVERIFY2(std::abs(json["loss"].toDouble() - ranking.loss) <= 1e-5 * std::abs(ranking.loss),
           qPrintable(QString("CLI %1, app %2").arg(json["loss"].toDouble(), 0, 'g', 17).arg(ranking.loss, 0, 'g', 17)));
  QCOMPARE(json["heads"].toArray().size(), 24);
  QCOMPARE(json["heads"].toArray()[0].toObject()["bleu_drop"].toDouble(), top.bleuDrop);
  const auto cli_pruning = json["pruning"].toArray();
  QCOMPARE(cli_pruning.size(), ranking.pruning.size());
  for (int i = 0; i < cli_pruning.size(); ++i) {
    QCOMPARE(cli_pruning[i].toObject()["heads_left"].toInt(), ranking.pruning[i].headsLeft);
    QCOMPARE(cli_pruning[i].toObject()["bleu"].toDouble(), ranking.pruning[i].bleu);
  }
}

void TestAttentionWorkspace::hoveringAWordShowsItsAlignment() {
  app::TranslationService service;
  ui::TranslateWorkspace workspace(&service);
  workspace.setModelSource(fileSource());
  QSignalSpy shown(&workspace, &ui::TranslateWorkspace::translationShown);
  workspace.setInputText(sentence_);
  workspace.translateNow();
  QVERIFY(shown.wait(60000) || !shown.isEmpty());
  const auto reply = shown.last().at(0).value<app::TranslationReply>();
  QVERIFY(!reply.nbest.isEmpty());
  const auto& view = reply.alignment;
  QVERIFY(!view.isEmpty());
  QCOMPARE(view.translation, reply.nbest.first().text);

  auto* alignment = workspace.alignment();
  QCOMPARE(alignment->sourceWords(), sentence_.split(' '));  // words, not pieces
  QCOMPARE(alignment->targetWords().join(' '), reply.nbest.first().text);
  const auto weights = alignment->wordWeights();
  QCOMPARE(weights.size(), alignment->targetWords().size());
  for (const auto& row : weights) {
    double sum = 0;
    for (double w : row) sum += w;
    QVERIFY2(sum > 0 && sum <= 1 + 1e-5, qPrintable(QString::number(sum)));  // the rest went to </s>
  }

  // One head: the word weights are the model's weights, summed over a source
  // word's pieces, averaged over a target word's.
  alignment->setChoice(3 + 1 * view.heads + 2);  // layer 2, head 3
  const QStringList target_pieces = view.targetTokens.mid(1);
  const auto target_groups = ui::wordGroups(target_pieces);
  QStringList source_pieces = view.sourceTokens;
  source_pieces.removeLast();  // </s>
  const auto source_groups = ui::wordGroups(source_pieces);
  for (int t = 0; t < target_groups.size(); ++t)
    for (int w = 0; w < source_groups.size(); ++w) {
      double expected = 0;
      for (int q : target_groups[t])
        for (int k : source_groups[w]) expected += view.weight(app::AttentionView::Kind::Cross, 1, 2, q, k);
      expected /= target_groups[t].size();
      QVERIFY(std::abs(alignment->wordWeights()[t][w] - expected) < 1e-6);
    }

  // Hovering (the label's link signal, as the mouse gives it).
  Q_EMIT alignment->targetLabel()->linkHovered("t:0");
  const auto shades = alignment->shownSourceShades();
  QCOMPARE(shades.size(), alignment->sourceWords().size());
  QCOMPARE(*std::max_element(shades.begin(), shades.end()), 1.0);  // the strongest source word is full
  Q_EMIT alignment->sourceLabel()->linkHovered("s:1");
  QVERIFY(alignment->shownSourceShades().count(0.0) == alignment->sourceWords().size());
  const auto back = alignment->shownTargetShades();
  QCOMPARE(*std::max_element(back.begin(), back.end()), 1.0);
  Q_EMIT alignment->sourceLabel()->linkHovered("");
  QCOMPARE(alignment->shownTargetShades().count(0.0), alignment->targetWords().size());

  // A model with a head trained to align (guided alignment) is read through
  // it first; the other choices follow, numbered one further.
  auto expectedWeight = [&](int layer, int head, int t, int w) {
    double sum = 0;
    for (int q : target_groups[t])
      for (int k : source_groups[w]) sum += view.weight(app::AttentionView::Kind::Cross, layer, head, q, k);
    return sum / target_groups[t].size();
  };
  auto trained = view;
  trained.alignmentLayer = 0;
  alignment->setAlignment(trained);
  QCOMPARE(alignment->choiceText(), QString("The head trained to align (layer 1, head 1)"));
  for (int t = 0; t < target_groups.size(); ++t)
    for (int w = 0; w < source_groups.size(); ++w)
      QVERIFY(std::abs(alignment->wordWeights()[t][w] - expectedWeight(0, 0, t, w)) < 1e-6);
  alignment->setChoice(1 + 3 + 1 * view.heads + 2);
  QCOMPARE(alignment->choiceText(), QString("Layer 2, head 3"));
  QVERIFY(std::abs(alignment->wordWeights()[0][0] - expectedWeight(1, 2, 0, 0)) < 1e-6);
  alignment->setAlignment(view);  // a model without one: its choices again
  QCOMPARE(alignment->choiceText(), QString("Mean over the heads of the last layer"));
}

void TestAttentionWorkspace::sourceRelianceIsShownUnderTheTranslation() {
  app::TranslationService service;
  ui::TranslateWorkspace workspace(&service);
  workspace.setModelSource(fileSource());
  workspace.show();
  QSignalSpy shown(&workspace, &ui::TranslateWorkspace::translationShown);
  workspace.setInputText(sentence_);
  workspace.translateNow();
  QVERIFY(shown.wait(60000) || !shown.isEmpty());
  const auto view = shown.last().at(0).value<app::TranslationReply>().alignment;
  QCOMPARE(view.sourceReliance.size(), view.targetLength);

  // A word's reliance is the mean over the decoder positions that predicted its pieces.
  auto* alignment = workspace.alignment();
  const auto words = alignment->wordReliance();
  QCOMPARE(words.size(), alignment->targetWords().size());
  const auto groups = ui::wordGroups(view.targetTokens.mid(1));
  for (int w = 0; w < groups.size(); ++w) {
    double expected = 0;
    for (int p : groups[w]) expected += view.sourceReliance[p];
    expected /= groups[w].size();
    QVERIFY(std::abs(words[w] - expected) < 1e-6);
    QVERIFY(words[w] > 0 && words[w] < 1);
  }
  auto* label = alignment->relianceLabel();
  QVERIFY(label->isVisible());
  QVERIFY(label->toolTip().contains("ALTI+"));
  for (const auto& word : alignment->targetWords()) QVERIFY(label->text().contains(word.toHtmlEscaped()));
  QVERIFY(label->text().contains(QString("%1%").arg(qRound(100 * words[0]))));

  // The flags, on shares given: one low word, then a low translation.
  app::AttentionView given = view;
  for (auto& share : given.sourceReliance) share = 0.9f;
  for (int p : groups.last()) given.sourceReliance[p] = 0.3f;
  ui::AlignmentView flags;
  flags.setAlignment(given);
  QCOMPARE(flags.lowRelianceWords(), QVector<int>{int(groups.size()) - 1});
  const double n = groups.size();
  QVERIFY(std::abs(flags.meanReliance() - (0.9 * (n - 1) + 0.3) / n) < 1e-6);
  QCOMPARE(flags.lowRelianceTranslation(), flags.meanReliance() < ui::AlignmentView::kLowTranslation);
  for (auto& share : given.sourceReliance) share = 0.6f;
  flags.setAlignment(given);
  QVERIFY(flags.lowRelianceWords().isEmpty());
  QVERIFY(flags.lowRelianceTranslation());
  QVERIFY(flags.relianceLabel()->text().contains("made up"));
  // Without shares (an older engine's reply), no row.
  given.sourceReliance.clear();
  flags.setAlignment(given);
  QVERIFY(flags.wordReliance().isEmpty());
  QVERIFY(!flags.relianceLabel()->isVisibleTo(&flags));
}

void TestAttentionWorkspace::explainShowsTheCliScoresSideBySide() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1300, 800);
  explorer.show();
  QVERIFY(!capture(explorer, sentence_, 0).isEmpty());
  auto* panel = explorer.explainPanel();
  panel->setMethods("ig", "attention");
  QSignalSpy explained(panel, &ui::ExplainPanel::explained);
  QSignalSpy errors(panel, &ui::ExplainPanel::errorOccurred);
  explorer.showExplain();  // a sentence it has not explained yet: it explains on its own
  QVERIFY(explained.wait(60000));
  auto reply = panel->reply();
  QCOMPARE(reply.views.size(), 2);
  const app::ExplanationView ig = reply.views[0];  // a copy: the contrast below replaces the reply
  QCOMPARE(ig.method, QString("ig"));
  QCOMPARE(reply.views[1].method, QString("attention"));
  QCOMPARE(ig.rows(), int(ig.prefixPieces.size()));
  QCOMPARE(ig.predictedPieces.back(), QString("</s>"));

  // The CLI's numbers for the same sentence and method.
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"explain", "--model", model_, "--src", sentence_, "--method", "ig", "--json"});
  QVERIFY(cli.waitForFinished(120000));
  QCOMPARE(cli.exitCode(), 0);
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(json["translation"].toString(), reply.translation);
  const auto rows = json["scores"].toArray();
  QCOMPARE(int(rows.size()), ig.rows());
  for (int r = 0; r < ig.rows(); ++r)
    for (int c = 0; c < ig.columns(); ++c)
      QVERIFY(std::abs(rows[r].toArray()[c].toDouble() - ig.score(r, c)) < 1e-5);

  // The map draws those scores; the prefix a prediction had not seen is hatched.
  const ui::AttentionMatrix m = panel->firstView()->matrix();  // a copy: the words below replace it
  const int S = int(ig.sourcePieces.size());
  QCOMPARE(m.rows, ig.rows());
  QCOMPARE(m.columns, ig.columns());
  QCOMPARE(m.columnLabels.value(S), QString("[<s>]"));
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      QCOMPARE(float(m.value(r, c)), ig.score(r, c));
      const bool unseen = c >= S && c - S > r;
      QCOMPARE(m.isMasked(r, c), unseen);
      QCOMPARE(panel->firstView()->cellDrawnMasked(r, c), unseen);
    }
  // Attention beside it: each row's source weights sum to 1.
  QVERIFY(panel->secondView()->isVisible());
  const app::ExplanationView a = reply.views[1];
  for (int r = 0; r < a.rows(); ++r) {
    double sum = 0;
    for (int c = 0; c < S; ++c) sum += a.score(r, c);
    QVERIFY(std::abs(sum - 1.0) < 1e-4);
  }
  // Layer 1, head 2 instead of the last layer's mean: that head's cross-attention, as the explorer's map has it.
  panel->setAttentionLayerHead(0, 1);
  panel->explain();
  QVERIFY(explained.wait(60000));
  const auto head = panel->reply().views[1];
  QCOMPARE(head.layer, 0);
  QCOMPARE(head.head, 1);
  const auto& shown = explorer.view();
  for (int r = 0; r < head.rows(); ++r)
    for (int c = 0; c < S; ++c)
      QVERIFY(std::abs(head.score(r, c) - shown.weight(Kind::Cross, 0, 1, r, c)) < 1e-5);
  QVERIFY(panel->secondView()->plot()->xAxis2->label().contains("head 2"));
  panel->setAttentionLayerHead(-1, -1);
  QVERIFY2(panel->caption().contains("integrated gradients"), qPrintable(panel->caption()));

  // Words: rows and columns merged, each word's sum kept.
  panel->setMergeWords(true);
  const auto& words = panel->firstView()->matrix();
  QVERIFY(words.rows < m.rows || words.columns < m.columns);
  QVERIFY(words.columnLabels.contains("tập"));

  // A contrast: why the first piece rather than the second (a piece of this vocabulary).
  const QString other = ig.predictedPieces.value(1).remove(QChar(0x2581));
  QVERIFY(!other.isEmpty() && ig.predictedPieces[0] != ig.predictedPieces[1]);
  panel->setContrast(0, other);
  panel->explain();
  QVERIFY(explained.wait(60000));
  reply = panel->reply();
  QCOMPARE(reply.views[0].contrastRow, 0);
  QCOMPARE(reply.views[0].contrastPiece.remove(QChar(0x2581)), other);
  QCOMPARE(reply.views[1].contrastRow, -1);  // attention explains no output: shown as it is
  QVERIFY(std::abs(reply.views[0].score(1, 0) - ig.score(1, 0)) < 1e-5);  // other rows as they were
  QVERIFY(std::abs(reply.views[0].score(0, 0) - ig.score(0, 0)) > 1e-7);
  // A word the vocabulary does not have: said, nothing else changes.
  panel->setContrast(0, "qqqzzzxxx");
  panel->explain();
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
  QVERIFY2(errors.back().at(0).toString().contains("not a piece of this model's vocabulary"),
           qPrintable(errors.back().at(0).toString()));
  QCOMPARE(panel->reply().views[0].contrastRow, 0);

  // Figures: SVG and PDF, the numbers beside them.
  const QString svg = tmp_.filePath("explanation.svg"), pdf = tmp_.filePath("explanation-pdf.pdf");
  QVERIFY(panel->saveSvg(svg));
  QVERIFY(panel->savePdf(pdf));
  QVERIFY(QFileInfo(svg).size() > 1000);
  QFile svg_file(svg);
  QVERIFY(svg_file.open(QIODevice::ReadOnly));
  const int two_wide = panel->firstView()->plot()->width() + panel->secondView()->plot()->width();
  const QByteArray svg_text = svg_file.readAll();
  QVERIFY2(svg_text.contains(QString("viewBox=\"0 0 %1 ").arg(two_wide).toUtf8()), svg_text.left(300).constData());
  QFile pdf_file(pdf);
  QVERIFY(pdf_file.open(QIODevice::ReadOnly));
  QVERIFY(pdf_file.read(5) == "%PDF-");
  const auto beside = QJsonDocument::fromJson([&] {
                        QFile f(tmp_.filePath("explanation.json"));
                        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
                      }()).object();
  const auto both = beside["explanations"].toArray();  // the two maps' numbers
  QCOMPARE(both.size(), 2);
  QCOMPARE(both[0].toObject()["method"].toString(), QString("ig"));
  QCOMPARE(both[1].toObject()["method"].toString(), QString("attention"));
  QVERIFY(both[0].toObject()["words"].isObject());
  QVERIFY(QFileInfo::exists(tmp_.filePath("explanation-pdf.json")));
}

void TestAttentionWorkspace::faithfulnessMeasuresEveryMethodAsTheCliDoes() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1300, 800);
  explorer.show();
  QVERIFY(!capture(explorer, sentence_, 0).isEmpty());  // the explorer's model: the fixture's
  auto* panel = explorer.faithfulness();
  explorer.showFaithfulness();
  // Before the first measurement the two charts share the chart's width (an empty legend once
  // narrowed them to the width of their titles, their axis labels overlapping).
  const auto halfOfTheChart = [panel]() {
    panel->chart()->replot();
    const auto rects = panel->chart()->axisRects();
    return rects.size() == 2 && rects[0]->outerRect().width() > panel->chart()->width() * 0.4 &&
           rects[1]->outerRect().width() > panel->chart()->width() * 0.4;
  };
  QTRY_VERIFY(panel->chart()->width() > 600);
  QVERIFY(halfOfTheChart());
  panel->setSentences(3);
  QSignalSpy measured(panel, &ui::FaithfulnessPanel::measured);
  QSignalSpy errors(panel, &ui::FaithfulnessPanel::errorOccurred);
  panel->measure();
  QVERIFY(panel->isRunning());
  QVERIFY(measured.wait(120000));
  QVERIFY(errors.isEmpty());
  const auto result = panel->result();
  QCOMPARE(result.curves.size(), 6);  // five methods and the random order
  QCOMPARE(result.curves.back().method, QString("random"));
  QCOMPARE(result.fractions.size(), 11);
  QVERIFY(result.predictions > 0);
  QCOMPARE(panel->table()->rowCount(), 6);
  QCOMPARE(panel->chart()->graphCount(), 12);  // deletion and insertion each
  QVERIFY(halfOfTheChart());
  QVERIFY2(panel->summary().contains("Most faithful here"), qPrintable(panel->summary()));
  // Kept in the run folder, and the same numbers as the CLI's on the same dev sentences.
  QCOMPARE(result.savedTo, QDir(run_).filePath("faithfulness.json"));
  QVERIFY(QFileInfo::exists(result.savedTo));
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"--threads", "1", "faithfulness", "--model", result.modelPath, "--src",
                              result.sourceFile, "--sentences", "3", "--json"});
  QVERIFY(cli.waitForFinished(180000));
  QCOMPARE(cli.exitCode(), 0);
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(json["predictions"].toInt(), result.predictions);
  const auto curves = json["curves"].toArray();
  QCOMPARE(int(curves.size()), int(result.curves.size()));
  for (int i = 0; i < result.curves.size(); ++i) {
    QCOMPARE(curves[i].toObject()["method"].toString(), result.curves[i].method);
    QVERIFY(std::abs(curves[i].toObject()["deletion_area"].toDouble() - result.curves[i].deletionArea) < 1e-6);
    QVERIFY(std::abs(curves[i].toObject()["insertion_area"].toDouble() - result.curves[i].insertionArea) < 1e-6);
  }
  // Figures: the chart as SVG and PDF with the curves beside them.
  const QString svg = tmp_.filePath("faithfulness.svg"), pdf = tmp_.filePath("faithfulness-chart.pdf");
  QVERIFY(panel->saveSvg(svg));
  QVERIFY(panel->savePdf(pdf));
  QVERIFY(QFileInfo(svg).size() > 1000 && QFileInfo(pdf).size() > 1000);
  QFile beside(tmp_.filePath("faithfulness-chart.json"));
  QVERIFY(beside.open(QIODevice::ReadOnly));
  QCOMPARE(QJsonDocument::fromJson(beside.readAll()).object()["curves"].toArray().size(), 6);
  // The attention map as PDF, its weights beside it.
  QVERIFY(explorer.savePdf(tmp_.filePath("map.pdf")));
  QVERIFY(QFileInfo(tmp_.filePath("map.pdf")).size() > 1000);
}

// A paragraph typed into the sentence box is split as Translate splits it:
// the sentences are listed beside the box, the first is captured, choosing
// another captures it, and each view is that sentence's alone (as exploring
// it by itself gives). A sentence sent from elsewhere empties the list.
void TestAttentionWorkspace::thePatchingTabShowsTheClisNumbers() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1300, 800);
  explorer.show();
  QVERIFY(!capture(explorer, sentence_, 0).isEmpty());
  auto* panel = explorer.patching();
  QSignalSpy finished(panel, &ui::PatchingPanel::finished);
  QSignalSpy errors(panel, &ui::PatchingPanel::errorOccurred);
  explorer.showPatching();  // the changed sentence starts as the sentence: nothing is changed yet
  panel->trace();
  QCOMPARE(finished.size(), 1);
  QCOMPARE(errors.size(), 1);
  QVERIFY(errors.takeFirst()[0].toString().contains("Change a word"));

  // The first word blanked: each of its pieces the unknown piece.
  panel->setBlankWord(0);
  panel->trace();
  QVERIFY(finished.wait(60000));
  QVERIFY2(errors.isEmpty(), qPrintable(errors.value(0).value(0).toString()));
  const app::PatchingView view = panel->view();
  QVERIFY(view.corrupted.startsWith("<unk>"));
  QCOMPARE(view.sourcePieces.size(), view.corruptedPieces.size());
  QCOMPARE(view.corruptedPieces.first(), QString("<unk>"));
  QCOMPARE(view.encoder.rows(), 1 + 3 * 2);  // the fixture's model: 2 + 2 layers
  QCOMPARE(view.decoder.rows(), 4 * 2);

  // The CLI's numbers for the same pair (`flags` its options for the tab's choices).
  const auto sameAsTheCli = [&](const app::PatchingView& view, const QStringList& flags) {
    QProcess cli;
    cli.start(STUDIO_CLI_PATH, QStringList{"patch", "--model", model_, "--src", sentence_, "--corrupted",
                                           view.corrupted, "--json"} +
                                   flags);
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    QCOMPARE(json["translation"].toString(), view.translation);
    QCOMPARE(json["corrupted_translation"].toString(), view.corruptedTranslation);
    QCOMPARE(json["direction"].toString(), QString(view.noising ? "noising" : "denoising"));
    QCOMPARE(json["method"].toString(), QString(view.estimated ? "attribution" : "exact"));
    for (const bool encoder : {true, false}) {
      const auto& states = encoder ? view.encoder : view.decoder;
      const auto rows = json[encoder ? "encoder" : "decoder"].toObject()["recovery"].toArray();
      QCOMPARE(int(rows.size()), states.rows());
      const ui::AttentionMatrix m = ui::PatchingPanel::patchingMatrix(view, encoder, -1);
      QCOMPARE(m.rows, states.rows());
      QCOMPARE(m.columns, states.positions + 1);
      QCOMPARE(m.columnLabels.back(), QString("all"));
      for (int r = 0; r < states.rows(); ++r)
        for (int c = 0; c <= states.positions; ++c) {
          const QJsonValue cell = rows[r].toArray().at(c);
          const double shown = states.at(0, r, c);
          QCOMPARE(cell.isNull(), std::isnan(shown));
          QCOMPARE(m.isMasked(r, c), std::isnan(shown));
          if (!cell.isNull()) {
            QVERIFY(std::abs(cell.toDouble() - shown) < 1e-4);
            QCOMPARE(m.value(r, c), shown);
          }
        }
      const auto names = json[encoder ? "encoder" : "decoder"].toObject()["rows"].toArray();
      for (int r = 0; r < states.rows(); ++r)
        QCOMPARE(names[r].toString().endsWith(" head " + QString::number(states.heads[r] + 1)),
                 states.heads[r] >= 0);
    }
  };
  sameAsTheCli(view, {});
  if (QTest::currentTestFailed()) return;

  // Each head, the other way: a row a head after its attention's, and the CLI's numbers for those options.
  panel->setHeads(true);
  panel->setNoising(true);
  panel->trace();
  QVERIFY(finished.wait(60000));
  QVERIFY2(errors.isEmpty(), qPrintable(errors.value(0).value(0).toString()));
  const app::PatchingView heads = panel->view();
  QVERIFY(heads.noising);
  const int H = explorer.view().heads;
  QCOMPARE(H, 4);
  QCOMPARE(heads.encoder.rows(), 1 + (3 + H) * 2);
  QCOMPARE(heads.decoder.rows(), (4 + 2 * H) * 2);
  QCOMPARE(heads.decoder.heads.mid(5, 6), QVector<int>({-1, 0, 1, 2, 3, -1}));
  QCOMPARE(ui::PatchingPanel::patchingMatrix(heads, false, -1).rowLabels.at(6),
           QString::fromUtf8("layer 1 · cross-attention · head 1"));
  sameAsTheCli(heads, {"--heads", "--noising"});
  if (QTest::currentTestFailed()) return;
  // Estimated by gradients (attribution patching): the CLI's --estimate, and the caption says so.
  panel->setHeads(false);
  panel->setNoising(false);
  panel->setEstimate(true);
  panel->trace();
  QVERIFY(finished.wait(60000));
  QVERIFY(panel->view().estimated);
  sameAsTheCli(panel->view(), {"--estimate"});
  if (QTest::currentTestFailed()) return;
  QVERIFY2(panel->caption().contains("Estimated by gradients"), qPrintable(panel->caption()));
  panel->setEstimate(false);
  panel->trace();
  QVERIFY(finished.wait(60000));
  QCOMPARE(panel->view().encoder.rows(), 1 + 3 * 2);
  QVERIFY(!panel->view().noising);
  QVERIFY(!panel->view().estimated);

  // The fixture's small model hardly reads its source: blanking a word moves its translation's
  // log-probability by less than patching tells from nothing, so every cell is hatched and the caption says
  // so.
  QVERIFY2(
      std::abs(view.clean[0] - view.corruptedLogProbabilities[0]) < 1e-3,
      qPrintable(QString("log P %1 against %2").arg(view.clean[0]).arg(view.corruptedLogProbabilities[0])));
  const auto shown = panel->encoderView()->matrix();
  QCOMPARE(shown.masked, QVector<bool>(shown.rows * shown.columns, true));
  QVERIFY2(panel->caption().contains("nothing for a state"), qPrintable(panel->caption()));
  panel->setMeasured(0);  // one piece: the decoder's map is that piece's
  QCOMPARE(panel->decoderView()->matrix().masked, ui::PatchingPanel::patchingMatrix(view, false, 0).masked);
  QVERIFY(panel->caption().contains(view.corruptedTranslation));

  // A hand-made patching, drawn: every number in its cell, a number that cannot be told hatched, the rows
  // named by site and the decoder's columns by the piece each position writes.
  app::PatchingView made;
  made.sourcePieces = QStringList{QString::fromUtf8("\u2581mở"), "</s>"};
  made.prefixPieces = QStringList{"<s>"};
  made.predictedPieces = QStringList{"</s>"};
  made.encoder.parts = QStringList{"embeddings", "layer"};
  made.encoder.layers = {0, 0};
  made.encoder.positions = 2;
  const double nan = std::nan("");
  // [what][row][column]: the whole translation, then its one piece.
  made.encoder.recovery = {1.0, 0.0, 1.0, 0.25, nan, 1.0, /* the piece */ 0.5, 0.5, 1.0, 0.75, 0.125, 1.0};
  made.decoder.parts = QStringList{"cross-attention"};
  made.decoder.layers = {1};
  made.decoder.positions = 1;
  made.decoder.recovery = {-0.5, 1.0, 0.5, 1.0};
  const auto enc = ui::PatchingPanel::patchingMatrix(made, true, -1);
  QCOMPARE(enc.rowLabels, QStringList({"embeddings", QString::fromUtf8("layer 1 · output")}));
  QCOMPARE(enc.columnLabels, QStringList({QString::fromUtf8("mở"), "</s>", "all"}));
  QCOMPARE(enc.values, QVector<double>({1.0, 0.0, 1.0, 0.25, 0.0, 1.0}));
  QCOMPARE(enc.masked, QVector<bool>({false, false, false, false, true, false}));
  QCOMPARE(ui::PatchingPanel::patchingMatrix(made, true, 0).value(1, 1), 0.125);
  const auto dec = ui::PatchingPanel::patchingMatrix(made, false, -1);
  QCOMPARE(dec.rowLabels, QStringList({QString::fromUtf8("layer 2 · cross-attention")}));
  QCOMPARE(dec.columnLabels, QStringList({"</s>", "all"}));
  QCOMPARE(dec.value(0, 0), -0.5);
  QCOMPARE(ui::PatchingPanel::patchingMatrix(made, false, 0).value(0, 0), 0.5);

  // A changed sentence of another length is refused with the reason.
  panel->setCorrupted(sentence_ + " " + sentence_);
  panel->trace();
  QVERIFY(finished.wait(60000));
  QCOMPARE(errors.size(), 1);
  QVERIFY2(errors.takeFirst()[0].toString().contains("as many"), qPrintable(panel->caption()));
}

void TestAttentionWorkspace::thePatchingTabSumsUpTheDevSentences() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1300, 800);
  explorer.show();
  QVERIFY(!capture(explorer, sentence_, 0).isEmpty());
  auto* panel = explorer.patching();
  explorer.showPatching();
  QSignalSpy summarized(panel, &ui::PatchingPanel::summarized);
  QSignalSpy progress(panel->session(), &app::PatchingSession::progress);
  QSignalSpy errors(panel, &ui::PatchingPanel::errorOccurred);
  panel->setHeads(true);
  panel->summarize(3);
  QVERIFY(summarized.wait(120000));
  QVERIFY2(errors.isEmpty(), qPrintable(errors.value(0).value(0).toString()));
  const app::PatchingSummaryView view = panel->summaryView();
  QVERIFY(panel->summaryShown());
  QCOMPARE(view.lines, 3);
  QVERIFY(view.sourceFile.endsWith("dev.vi"));
  QVERIFY(!view.stopped);
  QCOMPARE(progress.size(), 3);  // after each sentence
  QCOMPARE(progress.last().value(0).toInt(), 3);
  QCOMPARE(progress.last().value(1).toInt(), 3);

  // The CLI's summary of the same file: the same counts and, where a word was measured, the same means.
  QProcess cli;
  cli.start(STUDIO_CLI_PATH,
            {"patch", "--model", model_, "--file", view.sourceFile, "--sentences", "3", "--heads", "--json"});
  QVERIFY(cli.waitForFinished(120000));
  QCOMPARE(cli.exitCode(), 0);
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(json["sentences"].toInt(), view.sentences);
  QCOMPARE(json["words"].toInt(), view.words);
  QCOMPARE(json["skipped"].toInt(), view.skipped);
  QVERIFY(view.sentences > 0);
  QCOMPARE(view.words + view.skipped > 0, true);
  for (const bool encoder : {true, false}) {
    const auto rows = json[encoder ? "encoder" : "decoder"].toArray();
    const auto& states = encoder ? view.encoder : view.decoder;
    QCOMPARE(int(rows.size()), states.rows());
    const ui::AttentionMatrix m = ui::PatchingPanel::summaryMatrix(view, encoder);
    for (int r = 0; r < states.rows(); ++r) {
      const auto row = rows[r].toObject();
      QVERIFY(std::abs(row["all"].toDouble() - m.value(r, 0)) < 1e-4);
      QVERIFY(std::abs(row["best"].toDouble() - m.value(r, 1)) < 1e-4);
      if (encoder) QVERIFY(std::abs(row["at_word"].toDouble() - m.value(r, 2)) < 1e-4);
    }
  }
  // The fixture's model hardly reads its source (every blanked word left out): the caption says there is
  // nothing to average rather than drawing zeros as numbers.
  if (view.words == 0)
    QVERIFY2(panel->caption().contains("nothing to average"), qPrintable(panel->caption()));

  // A hand-made summary, drawn: a row a site (a head's named after its block), a column a measure.
  app::PatchingSummaryView made;
  made.modelPath = "m.pt";
  made.encoder.parts = QStringList{"embeddings", "self-attention"};
  made.encoder.layers = {0, 0};
  made.encoder.heads = {-1, 1};
  made.encoderAll = {1.0, 0.25};
  made.encoderBest = {0.75, 0.125};
  made.encoderAtWord = {0.5, -0.5};
  made.decoder.parts = QStringList{"cross-attention"};
  made.decoder.layers = {1};
  made.decoder.heads = {-1};
  made.decoderAll = {0.9};
  made.decoderBest = {0.4};
  const auto enc = ui::PatchingPanel::summaryMatrix(made, true);
  QCOMPARE(enc.rowLabels,
           QStringList({"embeddings", QString::fromUtf8("layer 1 · self-attention · head 2")}));
  QCOMPARE(enc.columnLabels, QStringList({"all", "best", "at the word"}));
  QCOMPARE(enc.values, QVector<double>({1.0, 0.75, 0.5, 0.25, 0.125, -0.5}));
  const auto dec = ui::PatchingPanel::summaryMatrix(made, false);
  QCOMPARE(dec.columnLabels, QStringList({"all", "best"}));
  QCOMPARE(dec.values, QVector<double>({0.9, 0.4}));

  // Back to the sentence: the maps show its patching again.
  panel->setSummaryShown(false);
  QVERIFY(!panel->summaryShown());
  panel->setBlankWord(0);
  panel->trace();
  QSignalSpy finished(panel, &ui::PatchingPanel::finished);
  QVERIFY(finished.wait(60000));
  QVERIFY(!panel->summaryShown());
  QCOMPARE(panel->encoderView()->matrix().columns, panel->view().encoder.positions + 1);

  // A stop is heard between sentences: the summary of what was done, said to be stopped.
  panel->summarize(0);  // every dev sentence
  panel->stopSummary();
  QVERIFY(summarized.wait(120000));
  QVERIFY(panel->summaryView().stopped);
  QVERIFY(panel->summaryView().sentences < panel->summaryView().lines);
  QVERIFY2(panel->caption().contains("stopped"), qPrintable(panel->caption()));
}

void TestAttentionWorkspace::aTextOfSeveralSentencesIsExploredOneAtATime() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.setModelProvider([this]() { return fileSource(); }, []() { return app::DecodeSettings{}; });
  auto* box = explorer.findChild<QLineEdit*>("Sentence");
  auto* choice = explorer.findChild<QComboBox*>("Sentence choice");
  QVERIFY(box && choice);
  QSignalSpy shown(&explorer, &ui::AttentionWorkspace::viewShown);
  box->setText(QStringLiteral("mở tập tin số 7. Lưu tập tin này!"));
  explorer.findChild<QPushButton*>("Capture")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  const QStringList sentences{QStringLiteral("mở tập tin số 7."), QStringLiteral("Lưu tập tin này!")};
  QCOMPARE(explorer.sentenceChoices(), sentences);
  QVERIFY(choice->isVisibleTo(&explorer));
  QCOMPARE(explorer.sentence(), sentences[0]);
  const auto first = explorer.view();
  QCOMPARE(first.source, sentences[0]);

  shown.clear();
  explorer.chooseSentence(1);
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  const auto second = explorer.view();
  QCOMPARE(second.source, sentences[1]);
  QCOMPARE(explorer.sentence(), sentences[1]);
  QCOMPARE(choice->currentIndex(), 1);
  QCOMPARE(explorer.sentenceChoices(), sentences);  // the list stays while its sentences are explored

  // Each view is its sentence's alone: the same as exploring that sentence by itself.
  const auto alone = capture(explorer, sentences[1], 0);
  QCOMPARE(alone.sourceTokens, second.sourceTokens);
  QCOMPARE(alone.translation, second.translation);
  QVERIFY(first.sourceTokens != second.sourceTokens);
  QVERIFY(!choice->isVisibleTo(&explorer));  // a sentence from elsewhere: no list
  QVERIFY(explorer.sentenceChoices().isEmpty());

  // One sentence typed: no list.
  box->setText(sentence_);
  shown.clear();
  explorer.findChild<QPushButton*>("Capture")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  QVERIFY(!choice->isVisibleTo(&explorer));
}

void TestAttentionWorkspace::theQueryKeyTabRebuildsEachWeightFromItsVectors() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1100, 700);
  explorer.show();
  const int pad_to = 16;
  const auto view = capture(explorer, sentence_, pad_to);
  QVERIFY(!view.isEmpty());
  QVERIFY(view.hasVectors());
  explorer.select(Kind::Cross, 0, -1);  // the mean over heads
  explorer.showQueryKey();
  auto* tab = explorer.queryKey();
  QVERIFY(tab->isVisible());
  // Opened on the mean over heads, the tab shows head 1 (chosen above, for the map too).
  QCOMPARE(explorer.findChild<QComboBox*>("Head")->currentData().toInt(), 0);
  QVERIFY2(tab->hasBreakdown(), qPrintable(tab->message()));

  // Every query of one head of each kind: the tab's weights, made from the
  // vectors, are the map's; masked keys get nothing.
  int rows = 0;
  for (auto kind : {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross}) {
    explorer.select(kind, 1, 2);
    QCOMPARE(tab->queryChoices().size(), view.rows(kind));
    for (int r = 0; r < view.rows(kind); ++r) {
      tab->setQuery(r);
      QVERIFY2(tab->hasBreakdown(), qPrintable(tab->message()));
      const auto& b = tab->breakdown();
      QCOMPARE(b.keys.size(), view.columns(kind));
      QCOMPARE(b.query.size(), view.headDim);
      QVERIFY2(b.largestDifference < 1e-5, qPrintable(tab->message()));
      double sum = 0;
      for (int k = 0; k < b.keys.size(); ++k) {
        QCOMPARE(b.keys[k].masked, view.masked(kind, r, k));
        QVERIFY(std::abs(b.keys[k].weight - view.weight(kind, 1, 2, r, k)) < 1e-5);
        if (b.keys[k].masked) QCOMPARE(b.keys[k].weight, 0.0);
        sum += b.keys[k].weight;
      }
      QVERIFY(std::abs(sum - 1.0) < 1e-9);
      ++rows;
    }
  }
  QVERIFY(rows > 20);
  QVERIFY2(tab->message().contains("√"), qPrintable(tab->message()));

  // The vectors are the CLI's (`attention --vectors`): one engine behind both.
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"attention", "--model", model_, "--text", sentence_, "--pad-to",
                              QString::number(pad_to), "--vectors"});
  QVERIFY(cli.waitForFinished(120000));
  QCOMPARE(cli.exitCode(), 0);
  const auto vectors = QJsonDocument::fromJson(cli.readAllStandardOutput()).object()["vectors"].toObject();
  explorer.select(Kind::Cross, 1, 2);
  tab->setQuery(2);
  const auto cli_query =
      vectors["cross"].toObject()["queries"].toArray()[1].toArray()[2].toArray()[2].toArray();
  const auto cli_key = vectors["cross"].toObject()["keys"].toArray()[1].toArray()[2].toArray()[3].toArray();
  QCOMPARE(cli_query.size(), view.headDim);
  for (int d = 0; d < view.headDim; ++d) {
    QVERIFY(std::abs(cli_query[d].toDouble() - tab->breakdown().query[d]) < 1e-5);
    QVERIFY(std::abs(cli_key[d].toDouble() - tab->breakdown().keys[3].vector[d]) < 1e-5);
  }

  // Its pictures and numbers.
  const QString base = tmp_.filePath("query-key");
  QVERIFY(tab->savePng(base + ".png"));
  QVERIFY(tab->saveSvg(base + ".svg"));
  QVERIFY(tab->saveCsv(base + ".csv"));
  QImage png(base + ".png");
  QVERIFY(!png.isNull() && png.width() > 300);
  QFile svg(base + ".svg");
  QVERIFY(svg.open(QIODevice::ReadOnly) && svg.readAll().contains("<svg"));
  QFile csv(base + ".csv");
  QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
  const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 2 + view.sourceLength);  // the header, the query, a line a key
  QCOMPARE(lines[0].split(',').size(), 6 + 2 * view.headDim);
  QVERIFY(lines.last().startsWith(QString::number(view.sourceLength - 1) + ",\"<pad>\",1,"));

  // The mean over heads has no query of its own: the tab says so and offers head 1.
  explorer.select(Kind::Cross, 0, -1);
  QVERIFY(!tab->hasBreakdown());
  QVERIFY2(tab->message().contains("mean over heads"), qPrintable(tab->message()));
  auto* first_head = tab->findChild<QPushButton*>("Show head 1");
  QVERIFY(first_head && first_head->isVisible());
  first_head->click();
  QCOMPARE(explorer.findChild<QComboBox*>("Head")->currentData().toInt(), 0);
  QVERIFY(tab->hasBreakdown());
  QVERIFY(!first_head->isVisible());
  QVERIFY(!tab->savePng(tmp_.filePath("no/such/dir/x.png")));

  // Double-clicking a cell of the Map opens its row here.
  explorer.showMap();
  explorer.select(Kind::DecoderSelf, 0, 1);
  auto* map = explorer.findChild<ui::AttentionMapView*>("Attention map");
  QVERIFY(map);
  auto* plot = map->plot();
  plot->replot();  // its axes laid out at the size it is shown at
  const QPoint cell(int(plot->xAxis->coordToPixel(1)), int(plot->yAxis->coordToPixel(3)));
  QTest::mouseDClick(plot, Qt::LeftButton, {}, cell);
  QVERIFY(tab->isVisible());
  QCOMPARE(tab->query(), 3);
  QVERIFY(tab->hasBreakdown());
  QCOMPARE(tab->breakdown().keys.size(), view.targetLength);

  // A view without vectors (a timelapse frame, from probes.rec): the tab says how to get them.
  auto frame = view;
  frame.headDim = 0;
  frame.encoderQueries.clear();
  frame.crossKeys.clear();
  explorer.showView(frame);
  QVERIFY(!tab->hasBreakdown());
  QVERIFY2(tab->message().contains("Capture"), qPrintable(tab->message()));
}

void TestAttentionWorkspace::theTrainingExamplesTabListsTheClisNeighbours() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1100, 700);
  explorer.show();
  auto* tab = explorer.neighbours();
  QSignalSpy shown(tab, &ui::NeighboursView::shown);
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  QVERIFY(shown.isEmpty());  // nothing is looked up while the tab is closed
  tab->setPairs(100);
  explorer.showNeighbours();  // opening it looks the sentence up
  QVERIFY(shown.wait(120000));
  auto result = tab->result();
  QVERIFY2(!result.isEmpty(), qPrintable(tab->message()));
  QCOMPARE(result.dataDir, data_);
  QCOMPARE(result.pairsIndexed, 100);
  QVERIFY(result.indexSeconds > 0);
  QVERIFY2(tab->message().contains("100 of the"), qPrintable(tab->message()));
  QCOMPARE(result.sourcePieces, view.sourceTokens);
  QCOMPARE(result.outputPieces, view.targetTokens.mid(1) + QStringList{"</s>"});

  // The same lists as `attention-studio-cli neighbours`: one engine behind
  // both. The CLI lists every state of the 100 pairs (--k 100000), each with
  // its similarity. This model's states lie so close together that many
  // similarities differ by rounding alone, which the two processes' sums may
  // do differently (their threads): so rank by rank the similarities agree,
  // and each hit the tab shows is a state that the CLI gives the similarity
  // the tab gives it, within rounding.
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"neighbours", "--model", model_, "--src", sentence_, "--pairs", "100", "--k",
                              "100000", "--json"});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(json["output"].toArray().size(), result.outputPieces.size());
  int compared = 0;
  for (const char* side : {"source", "output"}) {
    const bool output = QString(side) == "output";
    const auto cli_lists = json[QString(side) + "_neighbours"].toArray();
    const auto& lists = output ? result.outputNeighbours : result.sourceNeighbours;
    QCOMPARE(cli_lists.size(), lists.size());
    for (int i = 0; i < lists.size(); ++i) {
      QCOMPARE(json[side].toArray()[i].toString(), (output ? result.outputPieces : result.sourcePieces)[i]);
      QCOMPARE(lists[i].size(), 8);
      const auto every = cli_lists[i].toArray();
      QVERIFY2(every.size() > 8 && every.size() < 100000,
               qPrintable(QString::number(every.size())));  // all of them
      QHash<QPair<int, int>, double> similarity;            // (line, position) -> the CLI's
      QHash<int, QStringList> pair;                         // line -> its pieces, as the CLI shows them
      auto joined = [](const QJsonValue& pieces) {
        QStringList out;
        for (const auto& p : pieces.toArray()) out << p.toString();
        return out;
      };
      for (const auto& hit : every) {
        const auto o = hit.toObject();
        similarity.insert({o["line"].toInt(), o["position"].toInt()}, o["similarity"].toDouble());
        pair.insert(o["line"].toInt(), joined(o["source"]) + QStringList{"|||"} + joined(o["target"]));
      }
      for (int r = 0; r < 8; ++r) {
        const auto& ours = lists[i][r];
        QVERIFY(std::abs(every[r].toObject()["similarity"].toDouble() - ours.similarity) < 1e-5);
        if (r > 0) QVERIFY(ours.similarity <= lists[i][r - 1].similarity);
        const QPair<int, int> state{ours.line, ours.position};
        QVERIFY2(similarity.contains(state),
                 qPrintable(QString("line %1, piece %2").arg(ours.line).arg(ours.position)));
        QVERIFY(std::abs(similarity.value(state) - ours.similarity) < 1e-5);
        QCOMPARE(ours.source + QStringList{"|||"} + ours.target, pair.value(ours.line));
        ++compared;
      }
    }
  }
  QCOMPARE(compared, 8 * int(result.sourcePieces.size() + result.outputPieces.size()));

  // Choosing a piece shows its neighbours, the matching piece marked in each.
  auto* pieces = tab->findChild<QListWidget*>("Neighbours pieces");
  QVERIFY(pieces);
  QCOMPARE(pieces->count(),
           2 + int(result.sourcePieces.size() + result.outputPieces.size()));  // and two titles
  tab->choosePiece(true, 0);
  QVERIFY(tab->chosenIsOutput());
  QCOMPARE(tab->chosenPiece(), 0);
  const auto& first = result.outputNeighbours[0][0];
  QString marked = first.target[first.position];
  if (marked.size() > 1) marked.remove(QChar(0x2581));
  const QString html = tab->tableHtml();
  QVERIFY2(html.contains(QLocale().toString(first.similarity, 'f', 3)), qPrintable(html));
  QVERIFY2(html.contains("#ffd54f"), qPrintable(html.right(1500)));
  QVERIFY2(html.contains(marked.toHtmlEscaped()), qPrintable(marked));
  pieces->setCurrentRow(2);  // the source's second piece, under its title
  QVERIFY(!tab->chosenIsOutput());
  QCOMPARE(tab->chosenPiece(), 1);

  // Its JSON, as the CLI prints it.
  const QString path = tmp_.filePath("neighbours.json");
  QVERIFY(tab->saveJson(path));
  QFile saved(path);
  QVERIFY(saved.open(QIODevice::ReadOnly));
  const auto saved_json = QJsonDocument::fromJson(saved.readAll()).object();
  QCOMPARE(saved_json["source_neighbours"].toArray().size(), result.sourcePieces.size());
  QCOMPARE(saved_json["pairs_indexed"].toInt(), 100);

  // One layer's states: chosen while the tab is open, looked up at once, as `--layer` does.
  auto* layers = tab->findChild<QComboBox*>("Neighbours layer");
  QVERIFY(layers);
  QCOMPARE(layers->count(),
           1 + std::min(view.encoderLayers, view.decoderLayers));  // the outputs, then each layer
  shown.clear();
  tab->setLayer(0);
  QVERIFY(shown.wait(120000));
  QCOMPARE(tab->result().layer, 0);
  QCOMPARE(tab->layer(), 0);
  QProcess layer_cli;
  layer_cli.start(STUDIO_CLI_PATH, {"neighbours", "--model", model_, "--src", sentence_, "--pairs", "100",
                                    "--k", "100000", "--layer", "0", "--json"});
  QVERIFY(layer_cli.waitForFinished(120000));
  const auto layer_json = QJsonDocument::fromJson(layer_cli.readAllStandardOutput()).object();
  QCOMPARE(layer_json["layer"].toInt(), 0);
  const auto layer_hits = layer_json["output_neighbours"].toArray()[0].toArray();
  QHash<QPair<int, int>, double> layer_similarity;  // as above: (line, position) -> the CLI's
  for (const auto& hit : layer_hits)
    layer_similarity.insert({hit.toObject()["line"].toInt(), hit.toObject()["position"].toInt()},
                            hit.toObject()["similarity"].toDouble());
  for (int r = 0; r < 8; ++r) {
    const auto& ours = tab->result().outputNeighbours[0][r];
    QVERIFY(std::abs(layer_hits[r].toObject()["similarity"].toDouble() - ours.similarity) < 1e-5);
    const QPair<int, int> state{ours.line, ours.position};
    QVERIFY(layer_similarity.contains(state));
    QVERIFY(std::abs(layer_similarity.value(state) - ours.similarity) < 1e-5);
  }
  tab->choosePiece(true, 0);
  auto* heading = tab->findChild<QLabel*>("Neighbours heading");
  QVERIFY(heading);
  QVERIFY2(heading->text().contains("decoder layer 1"), qPrintable(heading->text()));
  tab->setLayer(-1);
  QVERIFY(shown.wait(120000));
  QCOMPARE(tab->result().layer, -1);

  // Another sentence while the tab is open: looked up at once, in the index kept.
  shown.clear();
  const auto other = capture(explorer, "đóng cửa sổ số 3", 0);
  QVERIFY(!other.isEmpty());
  QVERIFY(shown.wait(120000) || !shown.isEmpty());
  result = tab->result();
  QCOMPARE(result.sourcePieces, other.sourceTokens);
  QCOMPARE(result.indexSeconds, 0.0);
  QVERIFY2(tab->message().contains("kept"), qPrintable(tab->message()));

  // A timelapse frame has no model file: the tab asks for a captured sentence.
  tab->setSentence({});
  QVERIFY(tab->result().isEmpty());
  QVERIFY2(tab->message().contains("Capture"), qPrintable(tab->message()));
  QVERIFY(!tab->saveJson(tmp_.filePath("none.json")));
}

// The Logit lens tab: what each decoder block would predict, equal to the
// CLI's `lens --json` for the same sentence; a cell's colour is its number
// on the chosen scale; a click lists its likeliest pieces; a timelapse frame
// says it has no lens; the CSV holds every cell.
void TestAttentionWorkspace::theLogitLensTabShowsTheClisLens() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1100, 700);
  explorer.show();
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  explorer.showLens();
  auto* tab = explorer.lens();
  QVERIFY(tab->isVisible());
  QVERIFY2(tab->hasLens(), qPrintable(tab->message()));
  QCOMPARE(view.lensStages, 3 * view.decoderLayers);
  QCOMPARE(view.lensNextPieces.size(), view.targetLength);

  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"lens", "--model", model_, "--text", sentence_, "--top",
                              QString::number(view.lensTop), "--json"});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  const auto printed = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(printed["translation"].toString(), view.translation);
  const auto lens = printed["lens"].toObject();
  QCOMPARE(lens["next_pieces"].toVariant().toStringList(), view.lensNextPieces);
  const auto stages = lens["stages"].toArray();
  QCOMPARE(stages.size(), view.lensStages);
  const int T = view.lensNextPieces.size(), K = view.lensTop;
  for (int r = 0; r < stages.size(); ++r) {
    QCOMPARE(tab->stageName(r), QString("Layer %1 · %2").arg(r / 3 + 1).arg(stages[r]["block"].toString()));
    const auto positions = stages[r]["positions"].toArray();
    QCOMPARE(positions.size(), T);
    for (int t = 0; t < T; ++t) {
      const auto cell = positions[t].toObject();
      QCOMPARE(cell["next_rank"].toInteger(), view.lensNextRank[r * T + t]);
      QVERIFY(std::abs(cell["next_probability"].toDouble() - view.lensNextProbability[r * T + t]) < 1e-6);
      QCOMPARE(cell["top"].toArray()[0].toObject()["piece"].toString(), tab->cellPiece(r, t));
      for (int k = 0; k < K; ++k)
        QCOMPARE(cell["top"].toArray()[k].toObject()["piece"].toString(),
                 view.lensTopPieces[(r * T + t) * K + k]);
    }
  }

  // A cell's colour is its number: the probability of the piece that came next, or its rank (1 bright,
  // 1,000 or more dark, on a log scale).
  auto* picture = tab->findChild<QWidget*>("Lens picture");
  QVERIFY(picture);
  auto colourAt = [&](int stage, int position) {
    const QRect box = tab->cellRect(stage, position);
    return QColor(picture->grab().toImage().pixel(box.left() + 4,
                                                  box.top() + 3));  // beside the text, inside the outline
  };
  for (int stage : {0, view.lensStages - 1})
    for (int position : {0, T - 1}) {
      QCOMPARE(colourAt(stage, position),
               QColor(ui::heatmapColor(view.lensNextProbability[stage * T + position])));
    }
  tab->setColour(ui::LensView::Colour::Rank);
  for (int stage : {0, view.lensStages - 1}) {
    const double rank = double(view.lensNextRank[stage * T]);
    QCOMPARE(colourAt(stage, 0), QColor(ui::heatmapColor(1.0 - std::min(std::log10(rank), 3.0) / 3.0)));
  }

  // A click lists the cell's likeliest pieces and the next piece's probability and rank.
  const QRect box = tab->cellRect(1, T - 1);
  QTest::mouseClick(picture, Qt::LeftButton, {}, box.center());
  QCOMPARE(tab->chosenStage(), 1);
  QCOMPARE(tab->chosenPosition(), T - 1);
  const QString details = tab->findChild<QLabel*>("Lens details")->text();
  QCOMPARE(details, tab->details());
  QVERIFY2(details.contains("Layer 1 · cross-attention") &&
               details.contains(view.lensTopPieces[(1 * T + T - 1) * K]) &&
               details.contains(QString("rank %1").arg(view.lensNextRank[1 * T + T - 1])) &&
               details.contains("<b>&lt;/s&gt;</b>, the piece that came next"),
           qPrintable(details));

  // Every cell in the CSV.
  const QString csv = tmp_.filePath("lens.csv");
  QVERIFY(tab->saveCsv(csv));
  QFile file(csv);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const auto lines = QString::fromUtf8(file.readAll()).trimmed().split('\n');
  QCOMPARE(lines.size(), 1 + view.lensStages * T);
  QVERIFY2(
      lines[0].startsWith("layer,block,position,reads,next,next_probability,next_rank,top1,top1_probability"),
      qPrintable(lines[0]));
  QVERIFY2(lines.last().startsWith(QString("%1,feed-forward,%2,").arg(view.decoderLayers).arg(T - 1)),
           qPrintable(lines.last()));

  // The dev sentences summed up: the CLI's `lens --src` of the same file, block by block.
  QSignalSpy summarized(tab, &ui::LensView::summaryShown);
  QTest::mouseClick(tab->findChild<QPushButton*>("Sum up the dev sentences"), Qt::LeftButton);
  QVERIFY(summarized.wait(180000));
  const auto& summary = tab->summary();
  QVERIFY2(!summary.isEmpty(), qPrintable(tab->findChild<QLabel*>("Lens summary")->text()));
  QCOMPARE(summary.top1Share.size(), view.lensStages);
  QProcess summed;
  summed.start(STUDIO_CLI_PATH, {"lens", "--model", model_, "--src", summary.sourceFile, "--sentences", "200",
                                 "--device", "cpu", "--json"});
  QVERIFY(summed.waitForFinished(180000));
  QVERIFY2(summed.exitCode() == 0, summed.readAllStandardError().constData());
  const auto by_cli = QJsonDocument::fromJson(summed.readAllStandardOutput()).object();
  QCOMPARE(by_cli["sentences"].toInt(), summary.sentences);
  QCOMPARE(by_cli["steps"].toInt(), summary.steps);
  const auto cli_stages = by_cli["stages"].toArray();
  QCOMPARE(cli_stages.size(), summary.top1Share.size());
  auto* table = tab->findChild<QTableWidget*>("Lens summary table");
  for (int r = 0; r < cli_stages.size(); ++r) {
    const auto stage = cli_stages[r].toObject();
    QCOMPARE(stage["next_top1_share"].toDouble(), summary.top1Share[r]);
    // Float sums over 200 sentences: the two processes may add them in another order (seen: 4e-10 apart).
    QVERIFY2(std::abs(stage["mean_next_probability"].toDouble() - summary.meanProbability[r]) < 1e-6,
             qPrintable(QString("%1 against %2")
                            .arg(stage["mean_next_probability"].toDouble(), 0, 'g', 12)
                            .arg(summary.meanProbability[r], 0, 'g', 12)));
    QCOMPARE(stage["median_next_rank"].toDouble(), summary.medianRank[r]);
    QCOMPARE(table->item(r, 0)->text(), QString("%1 %").arg(100 * summary.top1Share[r], 0, 'f', 1));
    QCOMPARE(table->verticalHeaderItem(r)->text(), tab->stageName(r));
  }

  // A timelapse frame holds attention only: the tab says so and exports nothing.
  auto frame = view;
  frame.lensStages = 0;
  explorer.showView(frame);
  QVERIFY(!tab->hasLens());
  QVERIFY2(tab->message().contains("timelapse"), qPrintable(tab->message()));
  QVERIFY(!tab->saveCsv(tmp_.filePath("none.csv")));
}

// The tuned lens in the Logit lens tab: asked for without one, the logit
// lens and a note; trained from the tab, kept beside the model and the
// sentence read through it, number for number as the CLI's `lens --tuned`;
// back to the logit lens, the first numbers again; the dev summary through
// it as `lens --src --tuned` gives it.
void TestAttentionWorkspace::theTunedLensIsTrainedBesideTheModelAndReadThrough() {
  const QString lens_path = app::TunedLensSession::pathFor(model_);
  QFile::remove(lens_path);
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1100, 700);
  explorer.show();
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty() && !view.lensTuned);
  explorer.showLens();
  auto* tab = explorer.lens();
  QVERIFY2(tab->tunedStatus().contains("No tuned lens beside"), qPrintable(tab->tunedStatus()));

  tab->setReadsTuned(true);
  QTRY_VERIFY_WITH_TIMEOUT(!explorer.view().lensNote.isEmpty(), 60000);
  QVERIFY(!explorer.view().lensTuned);
  QVERIFY2(tab->tunedStatus().contains("No tuned lens beside"), qPrintable(tab->tunedStatus()));
  QCOMPARE(explorer.view().lensNextProbability, view.lensNextProbability);

  QSignalSpy done(tab, &ui::LensView::tunedLensDone);
  tab->trainTunedLens(30);
  QVERIFY(done.wait(600000) || !done.isEmpty());
  QVERIFY2(QFile::exists(lens_path), qPrintable(tab->tunedStatus()));
  QVERIFY2(tab->tunedStatus().contains("30 steps"), qPrintable(tab->tunedStatus()));
  QTRY_VERIFY_WITH_TIMEOUT(explorer.view().lensTuned, 60000);
  const auto tuned = explorer.view();
  QVERIFY2(tab->message().contains("tuned lens"), qPrintable(tab->message()));
  QVERIFY(tuned.lensNote.isEmpty());

  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"lens", "--model", model_, "--text", sentence_, "--top",
                              QString::number(tuned.lensTop), "--json", "--tuned", lens_path});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  const auto printed = QJsonDocument::fromJson(cli.readAllStandardOutput()).object()["lens"].toObject();
  QCOMPARE(printed["method"].toString(), QString("tuned lens (Belrose et al., 2023)"));
  const auto stages = printed["stages"].toArray();
  QCOMPARE(stages.size(), tuned.lensStages);
  const int T = tuned.lensNextPieces.size();
  bool differs = false;
  for (int r = 0; r < stages.size(); ++r) {
    const auto cells = stages[r].toObject()["positions"].toArray();
    QCOMPARE(cells.size(), T);
    for (int t = 0; t < T; ++t) {
      const auto cell = cells[t].toObject();
      QVERIFY(std::abs(cell["next_probability"].toDouble() - tuned.lensNextProbability[r * T + t]) < 1e-6);
      QCOMPARE(cell["next_rank"].toInteger(), tuned.lensNextRank[r * T + t]);
      differs = differs ||
                std::abs(tuned.lensNextProbability[r * T + t] - view.lensNextProbability[r * T + t]) > 1e-4;
    }
  }
  QVERIFY(differs);            // the maps move the earlier blocks
  for (int t = 0; t < T; ++t)  // the last block is the model's output either way
    QVERIFY(std::abs(tuned.lensNextProbability[(tuned.lensStages - 1) * T + t] -
                     view.lensNextProbability[(view.lensStages - 1) * T + t]) < 1e-5);

  // The dev sentences summed up through it, as `lens --src --tuned` does.
  QSignalSpy summarized(tab, &ui::LensView::summaryShown);
  tab->summarizeDev(20);
  QVERIFY(summarized.wait(300000) || !summarized.isEmpty());
  const auto summary = tab->summary();
  QVERIFY2(summary.tuned && !summary.isEmpty(), qPrintable(tab->findChild<QLabel*>("Lens summary")->text()));
  QProcess summed;
  summed.start(STUDIO_CLI_PATH, {"lens", "--model", model_, "--src", summary.sourceFile, "--sentences", "20",
                                 "--json", "--tuned", lens_path});
  QVERIFY(summed.waitForFinished(300000));
  QVERIFY2(summed.exitCode() == 0, summed.readAllStandardError().constData());
  const auto cli_summary = QJsonDocument::fromJson(summed.readAllStandardOutput()).object();
  QCOMPARE(cli_summary["method"].toString(), QString("tuned lens"));
  const auto cli_stages = cli_summary["stages"].toArray();
  QCOMPARE(cli_stages.size(), summary.top1Share.size());
  for (int r = 0; r < cli_stages.size(); ++r)
    QCOMPARE(cli_stages[r].toObject()["next_top1_share"].toDouble(), summary.top1Share[r]);

  // Stop: the maps learnt so far are kept, and said to be.
  QSignalSpy progressed(tab->tunedSession(), &app::TunedLensSession::progress);
  done.clear();
  tab->trainTunedLens(1000000);
  QVERIFY(progressed.wait(120000) || !progressed.isEmpty());
  auto* train_button = tab->findChild<QPushButton*>("Train a tuned lens");
  QCOMPARE(train_button->text(), QString("Stop"));
  train_button->click();
  QVERIFY(done.wait(120000) || !done.isEmpty());
  QVERIFY2(tab->tunedStatus().contains("stopped early"), qPrintable(tab->tunedStatus()));
  QCOMPARE(train_button->text(), QString("Train a tuned lens"));
  QVERIFY(QFile::exists(lens_path));

  // Back to the logit lens: the first numbers again.
  tab->setReadsTuned(false);
  QTRY_VERIFY_WITH_TIMEOUT(!explorer.view().lensTuned, 60000);
  QCOMPARE(explorer.view().lensNextProbability, view.lensNextProbability);
  QFile::remove(lens_path);
}

// The Translation box: the model reads a translation typed there instead of
// writing its own. The maps are over its pieces (equal to a forward pass over
// them written here), each piece carries the probability the model gives it
// (scorePairs' and the CLI's `attention --target`), the model's own
// translation stands beside it, and the Explain tab explains it. It is for
// one sentence: refused with a text of several, and cleared when another
// sentence is chosen or comes from elsewhere.
void TestAttentionWorkspace::theEmbeddingsTabMapsThePiecesAndListsTheClisNearest() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1100, 700);
  explorer.show();
  auto* tab = explorer.embeddings();
  QSignalSpy shown(tab, &ui::EmbeddingView::shown);
  const auto view = capture(explorer, sentence_, 0);
  QVERIFY(!view.isEmpty());
  QVERIFY(shown.isEmpty());  // nothing is mapped while the tab is closed
  explorer.showEmbeddings();
  QVERIFY(shown.wait(120000));
  const auto& map = tab->map();
  QVERIFY2(!map.isEmpty(), qPrintable(tab->message()));
  QCOMPARE(map.modelPath, view.modelPath);
  // Every piece but the special ones is a point, in the graph of its kind.
  int specials = 0, drawn = 0;
  for (int script : map.scripts) specials += script == 0;
  QVERIFY(specials >= 4);  // <pad> <unk> <s> </s>
  for (int g = 0; g < 3; ++g) drawn += tab->plot()->graph(g)->dataCount();
  QCOMPARE(drawn, map.pieces.size() - specials);
  // The sentence's pieces, each once.
  QSet<QString> pieces;
  for (const auto& token : view.sourceTokens + view.targetTokens)
    if (map.idOf(token) >= 0 && map.scripts[map.idOf(token)] != 0) pieces.insert(token);
  QCOMPARE(tab->plot()->graph(3)->dataCount(), pieces.size());

  // A word typed is its word-start piece; its nearest are the CLI's, rank by rank.
  QString piece;  // the sentence's first word-start piece of a letter or more
  for (const auto& token : view.sourceTokens)
    if (piece.isEmpty() && token.size() > 1 && token.startsWith(QChar(0x2581)) && map.idOf(token) >= 0 &&
        map.scripts[map.idOf(token)] != 0)
      piece = token;
  QVERIFY2(!piece.isEmpty(), qPrintable(view.sourceTokens.join(' ')));
  auto* find = tab->findChild<QLineEdit*>("Find piece");
  find->setText(piece.mid(1));
  QTest::keyClick(find, Qt::Key_Return);
  QCOMPARE(tab->chosen(), map.idOf(piece));
  const auto nearest = tab->neighbours();
  QCOMPARE(nearest.size(), 12);
  for (int i = 1; i < nearest.size(); ++i) QVERIFY(nearest[i - 1].second >= nearest[i].second);
  QCOMPARE(tab->plot()->graph(4)->dataCount(), 13);  // the piece and its nearest
  QCOMPARE(tab->findChild<QListWidget*>("Nearest pieces")->count(), 13);
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"embeddings", "--model", model_, "--near", sentence_, "--k", "12"});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  const QString printed = QString::fromUtf8(cli.readAllStandardOutput());
  QString line;
  for (const QString& l : printed.split('\n'))
    if (l.startsWith(piece + " (piece ")) line = l;
  QVERIFY2(!line.isEmpty(), qPrintable(printed));
  const QStringList fields = line.section(": ", 1).split(' ');
  QCOMPARE(fields.size(), 24);
  for (int i = 0; i < 12; ++i) {
    QCOMPARE(fields[2 * i], map.pieces[nearest[i].first]);
    QVERIFY2(std::abs(fields[2 * i + 1].toDouble() - nearest[i].second) <= 0.0005 + 1e-9, qPrintable(line));
  }
  QVERIFY2(printed.startsWith("embeddings of "), qPrintable(printed));
  QVERIFY2(
      printed.contains(
          QString("the first two principal components hold %1 %").arg(100 * map.explained[0], 0, 'f', 1)),
      qPrintable(printed));

  // A click on the map chooses the point drawn nearest it.
  auto* plot = tab->plot();
  auto clickFarthestRight = [&](const app::PieceLayoutView& layout) {
    int far = -1;
    for (int id = 0; id < map.pieces.size(); ++id)
      if (map.scripts[id] != 0 && (far < 0 || layout.x[id] > layout.x[far])) far = id;
    const QPoint at(int(std::lround(plot->xAxis->coordToPixel(layout.x[far]))),
                    int(std::lround(plot->yAxis->coordToPixel(layout.y[far]))));
    int expected = -1;
    double best = 64;
    for (int id = 0; id < map.pieces.size(); ++id) {
      if (map.scripts[id] == 0) continue;
      const double dx = plot->xAxis->coordToPixel(layout.x[id]) - at.x(),
                   dy = plot->yAxis->coordToPixel(layout.y[id]) - at.y();
      if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, expected = id;
    }
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
    return expected;
  };
  const int expected = clickFarthestRight(map.principal);
  QCOMPARE(tab->chosen(), expected);
  QCOMPARE(find->text(), map.pieces[expected]);
  QVERIFY2(
      tab->message().contains(QString("Two components keep %1 % of each piece's 10 nearest")
                                  .arg(QLocale().toString(100 * map.principal.neighbourhoodKept, 'f', 1))),
      qPrintable(tab->message()));
  // Not a piece: said, the choice kept.
  find->setText("qqqzzzxx");
  QTest::keyClick(find, Qt::Key_Return);
  QCOMPARE(tab->chosen(), expected);
  QVERIFY2(tab->message().contains("'qqqzzzxx' is not a piece"), qPrintable(tab->message()));

  // t-SNE: laid out on the worker, every piece drawn again where it puts it, keeping more of each piece's
  // neighbourhood than the two components; the CLI's --layout tsne puts each piece at the same place.
  QVERIFY(&tab->drawn() == &tab->map().principal);
  shown.clear();
  auto* layout = tab->findChild<QComboBox*>("Embedding layout");
  QVERIFY(layout);
  layout->setCurrentIndex(1);
  QTRY_VERIFY_WITH_TIMEOUT(!tab->map().tsne.isEmpty(), 120000);
  const auto& tsne = tab->map().tsne;
  QVERIFY(&tab->drawn() == &tab->map().tsne);
  QCOMPARE(tsne.x.size(), map.pieces.size());
  drawn = 0;
  for (int g = 0; g < 3; ++g) drawn += tab->plot()->graph(g)->dataCount();
  QCOMPARE(drawn, map.pieces.size() - specials);
  for (int id = 0; id < map.pieces.size(); ++id)
    QCOMPARE(std::isfinite(tsne.x[id]) && std::isfinite(tsne.y[id]), map.scripts[id] != 0);
  QVERIFY2(tsne.neighbourhoodKept > map.principal.neighbourhoodKept,
           qPrintable(QString("%1 %2").arg(tsne.neighbourhoodKept).arg(map.principal.neighbourhoodKept)));
  QVERIFY2(tab->message().contains(QString("keeps %1 % of each piece's 10 nearest")
                                       .arg(QLocale().toString(100 * tsne.neighbourhoodKept, 'f', 1))),
           qPrintable(tab->message()));
  QVERIFY2(plot->xAxis->label().startsWith("t-SNE"), qPrintable(plot->xAxis->label()));
  QCOMPARE(tab->chosen(), expected);  // the choice stays, drawn where t-SNE put it
  QCOMPARE(tab->plot()->graph(4)->dataCount(), 13);
  const int expected_tsne = clickFarthestRight(tsne);
  QCOMPARE(tab->chosen(), expected_tsne);
  QTemporaryDir csv_dir;
  const QString csv = csv_dir.filePath("tsne.csv");
  cli.start(STUDIO_CLI_PATH, {"embeddings", "--model", model_, "--layout", "tsne", "--csv", csv});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  const QString tsne_printed = QString::fromUtf8(cli.readAllStandardOutput());
  QVERIFY2(
      tsne_printed.contains(QString("principal components %1 %, t-SNE %2 %")
                                .arg(100 * map.principal.neighbourhoodKept, 0, 'f', 1)
                                .arg(100 * tsne.neighbourhoodKept, 0, 'f', 1)),
      qPrintable(
          tsne_printed +
          QString(" (the tab's: %1 %2)").arg(map.principal.neighbourhoodKept).arg(tsne.neighbourhoodKept)));
  QFile csv_file(csv);
  QVERIFY(csv_file.open(QIODevice::ReadOnly));
  const QStringList rows = QString::fromUtf8(csv_file.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(rows.size(), map.pieces.size() + 1);
  for (int id = 0; id < map.pieces.size(); ++id) {
    const QStringList cells = rows[id + 1].split(',');
    const QString x = cells[cells.size() - 3], y = cells[cells.size() - 2];
    if (map.scripts[id] == 0) {
      QVERIFY2(x.isEmpty() && y.isEmpty(), qPrintable(rows[id + 1]));
      continue;
    }
    QVERIFY2(std::abs(x.toDouble() - tsne.x[id]) <= 1e-5 * std::max(1.0, std::abs(tsne.x[id])) &&
                 std::abs(y.toDouble() - tsne.y[id]) <= 1e-5 * std::max(1.0, std::abs(tsne.y[id])),
             qPrintable(rows[id + 1]));
  }
  for (const QStringList& wrong : {QStringList{"--layout", "umap"}, QStringList{"--perplexity", "5"}}) {
    cli.start(STUDIO_CLI_PATH, QStringList{"embeddings", "--model", model_} + wrong);
    QVERIFY(cli.waitForFinished(60000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 2 &&
                 err.contains(wrong[0] == "--layout" ? "give pca or tsne" : "with --layout tsne"),
             qPrintable(err));
  }
  layout->setCurrentIndex(0);  // back to the components at once: nothing to compute
  QVERIFY(&tab->drawn() == &tab->map().principal);
  QVERIFY2(plot->xAxis->label().startsWith("first principal component"), qPrintable(plot->xAxis->label()));

  // Another model file captured with the tab open: its map replaces the first.
  const QStringList first_pieces = map.pieces;
  const QString other = QFileInfo(model_).dir().filePath("embeddings-other.pt");
  QFile::remove(other);
  QVERIFY(QFile::copy(model_, other));
  QSignalSpy viewed(&explorer, &ui::AttentionWorkspace::viewShown);
  shown.clear();
  explorer.explore(app::ModelSource{app::ModelSource::Kind::File, other}, sentence_, {});
  QVERIFY(viewed.wait(60000));
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 120000);
  QCOMPARE(tab->map().modelPath, other);
  QCOMPARE(tab->map().pieces, first_pieces);  // the same weights under another name
  QVERIFY2(tab->message().startsWith("embeddings-other.pt: "), qPrintable(tab->message()));
  QFile::remove(other);
}

void TestAttentionWorkspace::aTranslationOfYourOwnIsReadByTheModel() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1200, 800);
  explorer.show();
  auto* box = explorer.findChild<QLineEdit*>("Sentence");
  auto* given_box = explorer.findChild<QLineEdit*>("Given translation");
  QVERIFY(box && given_box);
  explorer.setModelProvider([this] { return fileSource(); }, [] { return app::DecodeSettings{}; });
  const QString given = QStringLiteral("save the file number 7");
  QSignalSpy shown(&explorer, &ui::AttentionWorkspace::viewShown);
  box->setText(sentence_);
  given_box->setText(given);
  explorer.findChild<QPushButton*>("Capture")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  const auto view = explorer.view();
  QVERIFY(view.translationGiven);
  QCOMPARE(view.translation, given);

  // Its pieces, probabilities and maps, from the engine directly.
  auto translator = model::Translator::fromFiles(model_.toStdString(), "", torch::kCPU);
  const auto scored = model::scorePairs(translator, {sentence_.toStdString()}, {given.toStdString()}).at(0);
  QVERIFY(scored.scored);
  QStringList pieces{"<s>"};
  for (const auto& piece : scored.pieces) pieces << QString::fromStdString(piece);
  QCOMPARE(view.targetTokens, pieces);
  QCOMPARE(view.probabilities.size(), qsizetype(scored.probabilities.size()));
  for (int k = 0; k < view.probabilities.size(); ++k)
    QVERIFY2(std::abs(view.probabilities[k] - scored.probabilities[size_t(k)]) < 1e-5,
             qPrintable(QString::number(k)));
  auto& net = translator.model();
  net->eval();
  std::vector<int64_t> target{net->options().bos_id};
  target.insert(target.end(), scored.ids.begin(), scored.ids.end());
  model::AttentionMaps maps;
  {
    torch::NoGradGuard no_grad;
    net(torch::tensor(translator.encodeSource(sentence_.toStdString())).unsqueeze(0),
        torch::tensor(target).unsqueeze(0), &maps);
  }
  for (int layer = 0; layer < int(maps.cross.size()); ++layer) {
    explorer.select(Kind::Cross, layer, 1);
    const auto expected = maps.cross[size_t(layer)][0][1];
    QCOMPARE(explorer.heatmap()->data()->valueSize(), int(target.size()));
    for (int q = 0; q < expected.size(0); ++q)
      for (int k = 0; k < expected.size(1); ++k)
        QVERIFY(std::abs(explorer.heatmap()->data()->cell(k, q) - expected[q][k].item<double>()) < 1e-6);
  }

  // The model's own translation beside it, as the CLI translates; the caption says which is which.
  QCOMPARE(view.ownTranslation, cliTranslation({}));
  QVERIFY(!view.ownProbabilities.isEmpty());
  const QString caption = explorer.findChild<QLabel*>("Explored translation")->text();
  QVERIFY2(caption.contains("your translation") && caption.contains(view.ownTranslation.toHtmlEscaped()) &&
               caption.contains(pieces[2].toHtmlEscaped() + " <small>"),
           qPrintable(caption));

  // The CLI's `attention --target`: the same pieces and probabilities.
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"attention", "--model", model_, "--text", sentence_, "--target", given});
  QVERIFY(cli.waitForFinished(120000));
  QCOMPARE(cli.exitCode(), 0);
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QVERIFY(json["translation_given"].toBool());
  QCOMPARE(json["translation"].toString(), given);
  const auto probabilities = json["probabilities"].toArray();
  QCOMPARE(probabilities.size(), view.probabilities.size());
  for (int k = 0; k < view.probabilities.size(); ++k)
    QVERIFY(std::abs(probabilities[k].toDouble() - view.probabilities[k]) < 1e-6);

  // The Explain tab explains it, not the model's own.
  auto* panel = explorer.explainPanel();
  panel->setMethods("attention", "");
  QSignalSpy explained(panel, &ui::ExplainPanel::explained);
  explorer.showExplain();
  QVERIFY(explained.wait(60000));
  QCOMPARE(panel->reply().translation, given);
  QCOMPARE(panel->reply().views.front().predictedPieces, pieces.mid(1) + QStringList{"</s>"});
  explorer.showMap();

  // For one sentence: a text of several with a translation is refused, nothing captured.
  QSignalSpy errors(&explorer, &ui::AttentionWorkspace::errorOccurred);
  shown.clear();
  box->setText(QStringLiteral("mở tập tin số 7. Lưu tập tin này!"));
  explorer.findChild<QPushButton*>("Capture")->click();
  QCOMPARE(errors.size(), 1);
  QVERIFY2(errors[0][0].toString().contains("for one"), qPrintable(errors[0][0].toString()));
  QVERIFY(explorer.sentenceChoices().isEmpty());
  QTest::qWait(200);
  QVERIFY(shown.isEmpty());
  // Without it, the sentences are listed; a translation typed for the first goes when another is chosen.
  given_box->clear();
  explorer.findChild<QPushButton*>("Capture")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  given_box->setText(QStringLiteral("open file number 7"));
  shown.clear();
  explorer.findChild<QPushButton*>("Capture")->click();  // the box now holds the first sentence alone
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  QVERIFY(explorer.view().translationGiven);
  QCOMPARE(explorer.view().source, QStringLiteral("mở tập tin số 7."));
  shown.clear();
  explorer.chooseSentence(1);
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  QVERIFY(explorer.givenTranslation().isEmpty());
  QVERIFY(!explorer.view().translationGiven);
  QVERIFY(explorer.view().probabilities.size() ==
          explorer.view().targetLength);  // the own one's, the end's too

  // From elsewhere (the correction panel's Look inside): the sentence with its translation.
  shown.clear();
  explorer.explore(fileSource(), sentence_, {}, given);
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  QCOMPARE(explorer.givenTranslation(), given);
  QCOMPARE(explorer.view().probabilities, view.probabilities);
  // A translation longer than the model's positions: refused, named.
  errors.clear();
  QString long_translation;
  for (int i = 0; i < 80; ++i) long_translation += "file ";
  explorer.explore(fileSource(), sentence_, {}, long_translation);
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
  QVERIFY2(errors[0][0].toString().contains("the translation has"), qPrintable(errors[0][0].toString()));
}

// The Minimal pairs tab: the pairs made of the model's run's test split and
// scored as the CLI's minimal-pairs scores them (each side's log-probability,
// each kind's tally); the failed pairs listed first; double-clicking a pair's
// Wrong cell explores its sentence with the wrong translation given; a bad
// pairs file is refused naming its line.
void TestAttentionWorkspace::theMinimalPairsTabTestsTheRunAsTheCliDoes() {
  app::TranslationService service;
  ui::AttentionWorkspace explorer(&service);
  explorer.resize(1300, 800);
  explorer.show();
  explorer.setModelProvider([this] { return fileSource(); }, [] { return app::DecodeSettings{}; });
  auto* panel = explorer.minimalPairs();
  QSignalSpy measured(panel, &ui::MinimalPairsPanel::measured);
  QSignalSpy errors(panel, &ui::MinimalPairsPanel::errorOccurred);
  panel->measure();
  QVERIFY(panel->isRunning());
  QVERIFY(measured.wait(120000));
  QVERIFY(errors.isEmpty());
  const auto result = panel->result();
  QVERIFY(result.sourceFile.endsWith("test.vi") && result.referenceFile.endsWith("test.en"));
  QVERIFY(!result.pairs.isEmpty() && !result.stopped);
  QCOMPARE(panel->tallies()->rowCount(), int(result.tallies.size()));
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"--threads", "1", "minimal-pairs", "--model", result.modelPath, "--src",
                              result.sourceFile, "--ref", result.referenceFile, "--json", "--device", "cpu"});
  QVERIFY(cli.waitForFinished(180000));
  QCOMPARE(cli.exitCode(), 0);
  const auto json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  const auto pairs = json["pairs"].toArray();
  QCOMPARE(int(pairs.size()), int(result.pairs.size()));
  int failed = 0;
  for (int i = 0; i < result.pairs.size(); ++i) {
    const auto pair = pairs[i].toObject();
    const auto& row = result.pairs[i];
    QCOMPARE(row.kind, pair["kind"].toString());
    QCOMPARE(row.wrong, pair["wrong"].toString());
    QVERIFY(row.scored);
    QVERIFY2(std::abs(row.rightLog - pair["right_log_probability"].toDouble()) < 1e-4, qPrintable(row.right));
    QVERIFY2(std::abs(row.wrongLog - pair["wrong_log_probability"].toDouble()) < 1e-4, qPrintable(row.wrong));
    failed += !row.passed();
  }
  const auto tallies = json["tallies"].toArray();
  QCOMPARE(int(tallies.size()), int(result.tallies.size()));
  for (int t = 0; t < result.tallies.size(); ++t) {
    QCOMPARE(result.tallies[t].kind, tallies[t].toObject()["kind"].toString());
    QCOMPARE(result.tallies[t].preferred, tallies[t].toObject()["preferred"].toInt());
  }
  // Failed pairs only, by default; all of them, failed first, when unticked.
  QVERIFY(panel->failedOnly()->isChecked());
  QCOMPARE(panel->pairs()->rowCount(), failed);
  panel->failedOnly()->setChecked(false);
  QCOMPARE(panel->pairs()->rowCount(), int(result.pairs.size()));
  for (int row = 0; row + 1 < panel->pairs()->rowCount(); ++row)
    QVERIFY(result.pairs[panel->pairInRow(row)].margin() <= result.pairs[panel->pairInRow(row + 1)].margin());
  QVERIFY2(panel->summary().contains(QString("%1 pairs").arg(result.pairs.size())),
           qPrintable(panel->summary()));

  const auto& first = result.pairs[panel->pairInRow(0)];
  QSignalSpy shown(&explorer, &ui::AttentionWorkspace::viewShown);
  Q_EMIT panel->pairs()->cellDoubleClicked(0, 5);
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
  QCOMPARE(explorer.sentence(), first.source);
  QCOMPARE(explorer.givenTranslation(), first.wrong);
  QVERIFY(explorer.view().translationGiven);
  QCOMPARE(explorer.view().translation, first.wrong);

  const QString bad = tmp_.filePath("bad-pairs.tsv");
  {
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("Mở tập tin\tOpen the file\n");
  }
  panel->measure(bad);
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
  QVERIFY2(errors.first().first().toString().contains("line 1 has 2 fields"),
           qPrintable(errors.first().first().toString()));
  QCOMPARE(panel->result().pairs.size(), result.pairs.size());  // the last result stays
}

STUDIO_TEST_MAIN_APP(TestAttentionWorkspace, QApplication)
#include "tst_attentionworkspace.moc"
