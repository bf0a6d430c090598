#pragma once

#include <QVector>
#include <QWidget>

#include <functional>

#include "app/TranslationService.h"

class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCheckBox;
class QComboBox;
class QCustomPlot;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace studio::ui {

class BeamExplorer;
class HeadAblationPanel;

// One heatmap as drawn: rows are queries, columns keys, after the "mean
// over heads" and "merge pieces into words" choices.
struct AttentionMatrix {
  QStringList rowLabels, columnLabels;
  QVector<double> values;  // rows × columns, row-major
  QVector<bool> masked;    // the same shape; true = the query may not see the key
  int rows = 0, columns = 0;
  double value(int row, int column) const { return values[row * columns + column]; }
  bool isMasked(int row, int column) const { return masked[row * columns + column]; }
};

// Groups of consecutive pieces that form one word: a piece starting with
// "▁" or a special token ("<s>", "</s>", "<pad>", "<unk>") opens a group.
QVector<QVector<int>> wordGroups(const QStringList& pieces);

// The matrix of one map (head = -1: the mean over heads), optionally with
// pieces merged into words (weights summed over a word's keys, averaged
// over its queries; a merged cell is masked when all its cells are).
AttentionMatrix attentionMatrix(const app::AttentionView& view, app::AttentionView::Kind kind, int layer, int head,
                                bool merge_words);

// Mean entropy in bits of each head's attention rows (queries that are
// padding are left out), for one kind and layer.
QVector<double> headEntropies(const app::AttentionView& view, app::AttentionView::Kind kind, int layer);

// Masked cells, over every map of the view, whose weight exceeds `threshold`.
int maskedCellsWithWeight(const app::AttentionView& view, double threshold = 1e-6, double* largest = nullptr);

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

  // Captures `text` with the model and shows it when it arrives.
  void explore(const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings);
  void showView(const app::AttentionView& view);
  const app::AttentionView& view() const { return view_; }

  // head = -1 selects the mean over heads.
  void select(app::AttentionView::Kind kind, int layer, int head);
  void setMasksShown(bool shown);
  void setMergeWords(bool merge);
  void setPadTo(int tokens);

  const AttentionMatrix& shownMatrix() const { return matrix_; }
  QCPColorMap* heatmap() const { return map_; }
  // Whether the drawn mask overlay covers the centre of this cell.
  bool cellDrawnMasked(int row, int column) const;
  QString maskWarning() const;
  int thumbnailCount() const;
  // Shows the grid of every layer × head (the "All layers × heads" tab).
  void showGrid();
  // The "Switch heads off" tab: the sentence translated with heads switched off.
  HeadAblationPanel* ablation() const { return ablation_; }
  void showAblation();
  // The "Beam search" tab: the search's tree, and forcing a prefix from it.
  BeamExplorer* beam() const { return beam_; }
  void showBeam();

  bool savePng(const QString& path);
  bool saveSvg(const QString& path);
  bool saveCsv(const QString& path) const;
  bool saveJson(const QString& path) const;

 Q_SIGNALS:
  void viewShown();
  void errorOccurred(const QString& message);

 protected:
  void changeEvent(QEvent* event) override;  // follows a palette (theme) change

 private:
  app::AttentionView::Kind kind() const;
  void capture();
  void refresh();
  void drawMap();
  void drawOverlay();
  void fillEntropy();
  void fillGrid();
  void updateLayerChoices();
  void onHover(QMouseEvent* event);
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
  QSpinBox* pad_to_;
  QPushButton* capture_;
  QComboBox* kind_;
  QComboBox* layer_;
  QComboBox* head_;
  QCheckBox* masks_;
  QCheckBox* merge_;
  QLabel* translation_;
  QLabel* warning_;
  QLabel* hover_;
  QTableWidget* entropy_;
  QTabWidget* views_;
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPColorScale* scale_;
  QVector<QCPItemRect*> overlay_;
  QWidget* grid_host_;
  QGridLayout* grid_;
  HeadAblationPanel* ablation_;
  BeamExplorer* beam_;
};

}  // namespace studio::ui
