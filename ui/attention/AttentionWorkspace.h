#pragma once

#include <QVector>
#include <QWidget>

#include <functional>

#include "app/translation/TranslationService.h"
#include "ui/attention/AttentionMatrix.h"

class QCPColorMap;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace studio::ui {

class AttentionGrid;
class AttentionMapView;
class BeamExplorer;
class ExplainPanel;
class FaithfulnessPanel;
class MinimalPairsPanel;
class PatchingPanel;
class HeadAblationPanel;
class HeadTimelineView;
class EmbeddingView;
class LensView;
class NeighboursView;
class QueryKeyView;
class TimelapseBar;

// The Attention explorer: heatmaps of encoder self-, decoder self- and
// cross-attention for every layer and head, the masks drawn over them,
// hover read-outs, per-head entropy, a grid of every layer × head, and
// export of the view (PNG, SVG) and the weights (CSV, JSON).
class AttentionWorkspace : public QWidget {
  Q_OBJECT

 public:
  explicit AttentionWorkspace(app::TranslationService* service, QWidget* parent = nullptr);

  // Where the explorer's own Capture button takes the model and decoding
  // settings from (the Translate workspace's).
  void setModelProvider(std::function<app::ModelSource()> model, std::function<app::DecodeSettings()> settings);

  // Captures `text` (one sentence: its first line) with the model and shows
  // it when it arrives; with `target`, the model reads that translation
  // (the Translation box) instead of writing its own.
  void explore(const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings,
               const QString& target = {});
  // Capture: the sentence box's text with the provider's model; a text of
  // several sentences lists them beside the box and shows the first.
  void capture();
  // Puts `text` in the sentence box and captures it as Capture does.
  void exploreText(const QString& text);
  // The sentences listed beside the box (empty: the box held one).
  QStringList sentenceChoices() const;
  void chooseSentence(int index);
  void showView(const app::AttentionView& view);

  // The training timelapse: the run whose probes.rec the step slider plays
  // (see TimelapseBar), and the step it shows (-1: a captured sentence is shown).
  void setTimelapseRun(const QString& run_dir);
  TimelapseBar* timelapse() const { return timelapse_; }
  void showTimelapseStep(qint64 step);
  qint64 timelapseStep() const { return frame_step_; }
  const app::AttentionView& view() const { return view_; }
  QString sentence() const;  // the sentence box's text
  // The Translation box: an English translation for the model to read
  // instead of writing its own ("" = its own). Captures and explanations use it.
  QString givenTranslation() const;
  void setGivenTranslation(const QString& text);

  // head = -1 selects the mean over heads.
  void select(app::AttentionView::Kind kind, int layer, int head);
  void setMasksShown(bool shown);
  void setMergeWords(bool merge);
  void setPadTo(int tokens);

  const AttentionMatrix& shownMatrix() const { return matrix_; }
  QCPColorMap* heatmap() const;
  // Whether the drawn mask overlay covers the centre of this cell.
  bool cellDrawnMasked(int row, int column) const;
  QString maskWarning() const;
  int thumbnailCount() const;
  // Shows the grid of every layer × head (the "All layers × heads" tab).
  void showGrid();
  void showMap();  // the "Map" tab: one map, chosen above
  // The "Query · key" tab: one row of the chosen map taken apart (QueryKeyView).
  QueryKeyView* queryKey() const { return query_key_; }
  void showQueryKey();
  // The "Switch heads off" tab: the sentence translated with heads switched off.
  HeadAblationPanel* ablation() const { return ablation_; }
  void showAblation();
  // The "Beam search" tab: the search's tree, and forcing a prefix from it.
  BeamExplorer* beam() const { return beam_; }
  // The "Heads over training" tab: each head's statistics over the timelapse's steps.
  HeadTimelineView* headTimeline() const { return head_timeline_; }
  void showHeadTimeline();
  void showBeam();
  // The "Explain" tab: why each word of the translation (attributions, ExplainPanel).
  ExplainPanel* explainPanel() const { return explain_; }
  void showExplain();
  // The "Faithfulness" tab: which explanation method is faithful to the model.
  FaithfulnessPanel* faithfulness() const { return faithfulness_; }
  // The "Minimal pairs" tab: what the model knows, tested on pairs of right and wrong translations.
  MinimalPairsPanel* minimalPairs() const { return minimal_pairs_; }
  void showMinimalPairs();
  PatchingPanel* patching() const { return patching_; }
  void showFaithfulness();
  void showPatching();
  // The "Training examples" tab: the training pairs nearest in the model's states (NeighboursView).
  NeighboursView* neighbours() const { return neighbours_; }
  // The "Embeddings" tab: the embedding matrix as a map (EmbeddingView).
  EmbeddingView* embeddings() const { return embeddings_; }
  void showNeighbours();
  void showEmbeddings();
  // The "Logit lens" tab: what the decoder would predict after each of its blocks (LensView).
  LensView* lens() const { return lens_; }
  void showLens();

  bool savePng(const QString& path);
  bool saveSvg(const QString& path);
  bool savePdf(const QString& path);
  bool saveCsv(const QString& path) const;
  bool saveJson(const QString& path) const;
  // The map as chosen at every recorded step of the timelapse:
  // frame-STEP.png each and weights.csv (step, query, key, tokens, weight).
  // Returns the frames written, or -1 with `error` set.
  int exportTimelapse(const QString& dir, QString* error = nullptr);

 Q_SIGNALS:
  void viewShown();
  void timelapseStepShown(qint64 step);  // for the Training charts' marker
  void errorOccurred(const QString& message);

 private:
  app::AttentionView::Kind kind() const;
  // One sentence with the provider's model and settings (the last ones without a provider).
  void captureOne(const QString& sentence);
  // Shows `sentence` in the box and asks the service for its attention.
  void send(const app::ModelSource& model, const QString& sentence, const app::DecodeSettings& settings);
  void showFrame(const app::AttentionView& view, const QString& reference, qint64 step);
  void present(const app::AttentionView& view, const QString& caption);
  // The text above the map (AttentionWorkspaceCaptions.cpp): a captured
  // sentence's, with a given translation's probabilities, and a timelapse frame's.
  static QString capturedCaption(const app::AttentionView& view);
  static QString frameCaption(const app::AttentionView& view, const QString& reference, qint64 step);
  void refresh();
  void drawMap();
  void fillEntropy();
  void updateLayerChoices();
  void exportAs(const QString& format);

  app::TranslationService* service_;
  std::function<app::ModelSource()> model_provider_;
  std::function<app::DecodeSettings()> settings_provider_;
  app::ModelSource last_model_;
  app::DecodeSettings last_settings_;
  quint64 newest_id_ = 0;
  app::AttentionView view_;
  AttentionMatrix matrix_;

  QLineEdit* sentence_;
  QLineEdit* target_;           // a translation of the user's own for the model to read ("" = its own)
  QComboBox* sentence_choice_;  // the sentences of a text of several, one explored at a time
  QSpinBox* pad_to_;
  QPushButton* capture_;
  QComboBox* kind_;
  QComboBox* layer_;
  QComboBox* head_;
  QCheckBox* masks_;
  QCheckBox* merge_;
  QLabel* translation_;
  QLabel* warning_;
  QTableWidget* entropy_;
  QTabWidget* views_;
  AttentionMapView* map_view_;
  AttentionGrid* grid_;
  QueryKeyView* query_key_;
  TimelapseBar* timelapse_;
  HeadTimelineView* head_timeline_;
  qint64 frame_step_ = -1;
  HeadAblationPanel* ablation_;
  BeamExplorer* beam_;
  ExplainPanel* explain_;
  FaithfulnessPanel* faithfulness_;
  MinimalPairsPanel* minimal_pairs_;
  PatchingPanel* patching_;
  NeighboursView* neighbours_;
  EmbeddingView* embeddings_;
  LensView* lens_;
};

}  // namespace studio::ui
