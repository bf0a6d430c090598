#include <QFileInfo>

#include <cstdio>

#include "app/gui/StartOptions.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/BeamExplorer.h"
#include "ui/attention/EmbeddingView.h"
#include "ui/attention/QueryKeyView.h"
#include "ui/explain/MinimalPairsPanel.h"
#include "ui/explain/NeighboursView.h"
#include "ui/explain/PatchingPanel.h"
#include "ui/heads/HeadAblationPanel.h"
#include "ui/heads/HeadImportanceChart.h"
#include "ui/lens/LensView.h"
#include "ui/window/MainWindow.h"

// The options that set the explorer's tabs to work at start: heads switched
// off or ranked, a forced prefix, a query taken apart, patching, a training
// example, the embeddings' piece and layout, the lens, the minimal pairs.
namespace studio::app {

void StartOptions::applyToExplorer(const QCommandLineParser& parser, ui::MainWindow& window) const {
  if (parser.isSet(head_mask) || parser.isSet(prefix) || parser.isSet(rank_heads)) {
    // Once the sentence's view is there (the panels know the model's shape).
    const QString mask = parser.value(head_mask), forced = parser.value(prefix);
    const int rank_sentences = parser.value(rank_heads).toInt();
    auto* once = new QObject(&window);
    QObject::connect(window.attention(), &studio::ui::AttentionWorkspace::viewShown, once,
                     [&window, mask, forced, rank_sentences, once] {
                       for (const QString& item : mask.split(',', Qt::SkipEmptyParts)) {
                         const QStringList f = item.split(':');
                         if (f.size() != 3) continue;
                         window.attention()->ablation()->setHeadOff(attentionKind(f[0]), f[1].toInt(),
                                                                    f[2].toInt(), true);
                       }
                       if (!forced.isEmpty()) window.attention()->beam()->forcePrefix(forced);
                       if (rank_sentences > 0) {
                         auto* chart = window.attention()->ablation()->importance();
                         chart->setSentences(rank_sentences);
                         chart->setPruning(true);
                         chart->rank();
                       }
                       once->deleteLater();
                     });
  }
  if (parser.isSet(query)) {
    const int row = parser.value(query).toInt() - 1;
    auto* once = new QObject(&window);
    QObject::connect(window.attention(), &studio::ui::AttentionWorkspace::viewShown, once,
                     [&window, row, once] {
                       window.attention()->queryKey()->setQuery(row);
                       once->deleteLater();
                     });
  }
  if (parser.isSet(patch) || parser.isSet(patch_summary)) {
    // One patching at a time: the sentence's (--patch) or the dev sentences' summary.
    const QString changed = parser.isSet(patch) ? parser.value(patch) : QString();
    const int sentences = parser.value(patch_summary).toInt();
    const bool heads = parser.isSet(patch_heads), noising = parser.isSet(patch_noising),
               estimate = parser.isSet(patch_estimate);
    auto* once = new QObject(&window);
    QObject::connect(window.attention(), &studio::ui::AttentionWorkspace::viewShown, once,
                     [&window, changed, sentences, heads, noising, estimate, once] {
                       auto* panel = window.attention()->patching();
                       panel->followSentence();
                       panel->setHeads(heads);
                       panel->setNoising(noising);
                       panel->setEstimate(estimate);
                       if (changed.isEmpty())
                         panel->summarize(sentences);
                       else if (changed.startsWith("blank:"))
                         panel->setBlankWord(changed.mid(6).toInt());
                       else
                         panel->setCorrupted(changed);
                       if (!changed.isEmpty()) panel->trace();
                       once->deleteLater();
                     });
  }
  if (parser.isSet(example_piece)) {
    const QStringList side = parser.value(example_piece).split(':');
    window.attention()->neighbours()->choosePiece(side.value(0) == "out", side.value(1).toInt());
  }
  if (parser.isSet(embedding_piece)) {
    const QString piece = parser.value(embedding_piece);
    auto* embeddings = window.attention()->embeddings();
    auto* once = new QObject(&window);
    QObject::connect(embeddings, &studio::ui::EmbeddingView::shown, once, [embeddings, piece, once] {
      if (!embeddings->choose(piece))
        std::fprintf(stderr, "error: '%s' is not a piece of the vocabulary\n", qPrintable(piece));
      once->deleteLater();
    });
  }
  if (parser.isSet(embedding_layout))
    window.attention()->embeddings()->setMapLayout(parser.value(embedding_layout).toLower() == "tsne"
                                                       ? studio::ui::EmbeddingView::Tsne
                                                       : studio::ui::EmbeddingView::PrincipalComponents);
  if (parser.isSet(lens_colour))
    window.attention()->lens()->setColour(parser.value(lens_colour).toLower() == "rank"
                                              ? studio::ui::LensView::Colour::Rank
                                              : studio::ui::LensView::Colour::Probability);
  if (parser.isSet(tuned_lens)) window.attention()->lens()->setReadsTuned(true);
  if (parser.isSet(minimal_pairs)) {
    const QString how = parser.value(minimal_pairs).toLower();
    window.attention()->showMinimalPairs();
    window.attention()->minimalPairs()->measure({}, how == "over-training");
  }
  if (parser.isSet(lens_summary)) {
    auto* once = new QObject(&window);
    QObject::connect(window.attention(), &studio::ui::AttentionWorkspace::viewShown, once, [&window, once] {
      window.attention()->lens()->summarizeDev();
      once->deleteLater();
    });
  }
}

}  // namespace studio::app
