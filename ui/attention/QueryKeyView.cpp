#include "ui/attention/QueryKeyView.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ui/attention/AttentionMatrix.h"
#include "ui/charts/Palette.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

// The picture: a row for the query, then a row a key; columns for the
// vectors (the query's above its keys'), their products, the scores and the
// weights.
class QueryKeyCanvas : public QWidget {
 public:
  explicit QueryKeyCanvas(QWidget* parent) : QWidget(parent) { setMouseTracking(true); }

  void setBreakdown(const app::QueryKeyBreakdown* breakdown) {
    b_ = breakdown;
    relayout();
  }

  // The width the picture may take before it scrolls: the vectors' cells
  // narrow (down to 3 pixels) so that the scores and weights stay in view.
  void setAvailableWidth(int width) {
    if (width == available_) return;
    available_ = width;
    relayout();
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    paint(painter);
  }

  bool event(QEvent* event) override {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = tipAt(help->pos());
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, this);
    return true;
  }

 public:
  void paint(QPainter& p) const {
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, width(), height()), pal.color(QPalette::Base));
    if (!b_) return;
    const auto g = geometry();
    const int dims = int(b_->query.size());
    const Scales s = scales();
    QFont bold = font();
    bold.setBold(true);
    p.setPen(pal.color(QPalette::Text));

    // Column titles.
    const int title_y = g.top;
    auto title = [&](int x, int w, const QString& text) {
      p.drawText(QRect(x, title_y, w, g.row_h), Qt::AlignLeft | Qt::AlignVCenter,
                 fontMetrics().elidedText(text, Qt::ElideRight, w));
    };
    title(g.vectors_x, dims * g.cell_w, QueryKeyView::tr("q, then each key k"));
    title(g.products_x, dims * g.cell_w, QueryKeyView::tr("q × k, dimension by dimension"));
    title(g.score_x, g.column_w, QueryKeyView::tr("q · k / √%1").arg(dims));
    title(g.weight_x, g.column_w, QueryKeyView::tr("weight"));

    // The query.
    const int query_y = g.top + g.row_h;
    p.setFont(bold);
    p.drawText(QRect(0, query_y, g.label_w - 8, g.row_h), Qt::AlignRight | Qt::AlignVCenter,
               QueryKeyView::tr("q: %1").arg(b_->queryToken));
    p.setFont(font());
    for (int d = 0; d < dims; ++d)
      p.fillRect(QRect(g.vectors_x + d * g.cell_w, query_y + 2, g.cell_w - 1, g.row_h - 4),
                 divergingColor(b_->query[d] / s.vectors));
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.drawLine(0, g.keys_y - 4, g.width, g.keys_y - 4);

    for (int k = 0; k < b_->keys.size(); ++k) {
      const auto& key = b_->keys[k];
      const int y = g.keys_y + k * g.row_h;
      if (k == b_->strongest) {
        QColor highlight = pal.color(QPalette::Highlight);
        highlight.setAlpha(45);
        p.fillRect(QRect(0, y, g.width, g.row_h), highlight);
      }
      p.setPen(pal.color(QPalette::Text));
      p.setFont(k == b_->strongest ? bold : font());
      p.drawText(QRect(0, y, g.label_w - 8, g.row_h), Qt::AlignRight | Qt::AlignVCenter,
                 fontMetrics().elidedText(key.token, Qt::ElideLeft, g.label_w - 8));
      p.setFont(font());
      for (int d = 0; d < dims; ++d) {
        p.fillRect(QRect(g.vectors_x + d * g.cell_w, y + 2, g.cell_w - 1, g.row_h - 4),
                   divergingColor(key.vector[d] / s.vectors));
        p.fillRect(QRect(g.products_x + d * g.cell_w, y + 2, g.cell_w - 1, g.row_h - 4),
                   divergingColor(key.products[d] / s.products));
      }
      // The score, a bar either side of zero, and its value.
      const int half = g.bar_w / 2;
      const int centre = g.score_x + half;
      const int length = int(std::lround(std::clamp(key.score / s.scores, -1.0, 1.0) * (half - 1)));
      p.fillRect(QRect(std::min(centre, centre + length), y + 3, std::abs(length), g.row_h - 6),
                 divergingColor(key.score >= 0 ? 0.75 : -0.75));
      p.setPen(QPen(pal.color(QPalette::Mid), 1));
      p.drawLine(centre, y + 1, centre, y + g.row_h - 1);
      p.setPen(pal.color(key.masked ? QPalette::PlaceholderText : QPalette::Text));
      p.drawText(QRect(g.score_x + g.bar_w + 4, y, g.column_w - g.bar_w - 4, g.row_h),
                 Qt::AlignLeft | Qt::AlignVCenter, QString::number(key.score, 'f', 2));
      // The weight.
      if (key.masked) {
        p.drawText(QRect(g.weight_x, y, g.column_w, g.row_h), Qt::AlignLeft | Qt::AlignVCenter,
                   QueryKeyView::tr("masked"));
        p.fillRect(QRect(g.vectors_x, y, g.width - g.vectors_x, g.row_h), maskBrush());
        continue;
      }
      p.fillRect(QRect(g.weight_x, y + 3, int(std::lround(key.weight * g.bar_w)), g.row_h - 6),
                 QColor(heatmapColor(key.weight)));
      p.setPen(QPen(pal.color(QPalette::Mid), 1));
      p.drawRect(QRect(g.weight_x, y + 3, g.bar_w, g.row_h - 6));
      p.setPen(pal.color(QPalette::Text));
      p.drawText(QRect(g.weight_x + g.bar_w + 4, y, g.column_w - g.bar_w - 4, g.row_h),
                 Qt::AlignLeft | Qt::AlignVCenter, QString::number(key.weight, 'f', 3));
    }
  }

 private:
  struct Geometry {
    int label_w = 0, cell_w = 0, row_h = 0, top = 4, keys_y = 0;
    int vectors_x = 0, products_x = 0, score_x = 0, weight_x = 0, bar_w = 80, column_w = 136;
    int width = 0, height = 0;
  };

  Geometry geometry() const {
    Geometry g;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(bold);  // the labels drawn bold are the widest
    g.row_h = fm.height() + 6;
    if (!b_) return g;
    const int dims = int(b_->query.size());
    int widest = fm.horizontalAdvance(QueryKeyView::tr("q: %1").arg(b_->queryToken));
    for (const auto& key : b_->keys) widest = std::max(widest, fm.horizontalAdvance(key.token));
    g.label_w = std::clamp(widest + 16, 60, 200);
    const int gap = 16;
    const int fixed = g.label_w + 3 * gap + 2 * g.column_w + 8 + 20;  // 20: a vertical scroll bar
    g.cell_w = std::clamp((available_ - fixed) / std::max(1, 2 * dims), 3, 14);
    g.vectors_x = g.label_w;
    g.products_x = g.vectors_x + dims * g.cell_w + gap;
    g.score_x = g.products_x + dims * g.cell_w + gap;
    g.weight_x = g.score_x + g.column_w + gap;
    g.width = g.weight_x + g.column_w + 8;
    g.keys_y = g.top + 2 * g.row_h + 8;
    g.height = g.keys_y + int(b_->keys.size()) * g.row_h + 4;
    return g;
  }

  // Each colour scale's extent, over the keys the query may see: the vectors
  // share one (the query's and the keys' values compare), the products
  // another, the scores' bars a third.
  struct Scales {
    double vectors = 1, products = 1, scores = 1;
  };
  Scales scales() const {
    Scales s{1e-12, 1e-12, 1e-12};
    for (float v : b_->query) s.vectors = std::max(s.vectors, double(std::abs(v)));
    for (const auto& key : b_->keys) {
      if (key.masked) continue;
      for (float v : key.vector) s.vectors = std::max(s.vectors, double(std::abs(v)));
      for (float v : key.products) s.products = std::max(s.products, double(std::abs(v)));
      s.scores = std::max(s.scores, std::abs(key.score));
    }
    return s;
  }

  QString tipAt(const QPoint& at) const {
    if (!b_) return {};
    const auto g = geometry();
    const int dims = int(b_->query.size());
    const int row = at.y() < g.keys_y ? (at.y() >= g.top + g.row_h ? -1 : -2) : (at.y() - g.keys_y) / g.row_h;
    if (row == -2 || row >= b_->keys.size()) return {};
    auto dimensionAt = [&](int x0) {
      const int d = (at.x() - x0) / g.cell_w;
      return at.x() >= x0 && d < dims ? d : -1;
    };
    auto number = [](double v, int digits) { return QString::number(v, 'g', digits); };
    if (row == -1) {
      const int d = dimensionAt(g.vectors_x);
      return d < 0 ? QueryKeyView::tr("The query of %1").arg(b_->queryToken)
                   : QueryKeyView::tr("q[%1] = %2").arg(QString::number(d + 1), number(b_->query[d], 4));
    }
    const auto& key = b_->keys[row];
    if (int d = dimensionAt(g.vectors_x); d >= 0)
      return QueryKeyView::tr("%1, dimension %2: k = %3 (q = %4)")
          .arg(key.token, QString::number(d + 1), number(key.vector[d], 4), number(b_->query[d], 4));
    if (int d = dimensionAt(g.products_x); d >= 0)
      return QueryKeyView::tr("%1, dimension %2: q × k = %3 × %4 = %5; the %6 products sum to q · k = %7")
          .arg(key.token, QString::number(d + 1), number(b_->query[d], 4), number(key.vector[d], 4),
               number(key.products[d], 4), QString::number(dims), number(key.score / b_->scale, 5));
    if (at.x() >= g.score_x && at.x() < g.score_x + g.column_w)
      return QueryKeyView::tr("q · k = %1, times 1/√%2: %3")
          .arg(number(key.score / b_->scale, 5), QString::number(dims), number(key.score, 5));
    if (at.x() >= g.weight_x)
      return key.masked
                 ? QueryKeyView::tr("Masked: this query may not see %1; it gets no weight").arg(key.token)
                 : QueryKeyView::tr("weight %1 (the map's: %2)")
                       .arg(number(key.weight, 6), number(key.captured, 6));
    return QueryKeyView::tr("Key %1: %2").arg(QString::number(row + 1), key.token);
  }

  void relayout() {
    const auto g = geometry();
    setFixedSize(g.width, g.height);
    update();
  }

  const app::QueryKeyBreakdown* b_ = nullptr;
  int available_ = 900;
};

QueryKeyView::QueryKeyView(QWidget* parent) : QWidget(parent) {
  auto* top = new QHBoxLayout;
  query_ = new QComboBox(this);
  query_->setObjectName("Query");
  query_->setAccessibleName(tr("Query"));
  query_->setToolTip(tr("The row of the map to take apart: its query against every key"));
  query_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  query_->setMinimumContentsLength(16);
  top->addWidget(new QLabel(tr("Query:"), this));
  top->addWidget(query_);
  first_head_ = new QPushButton(tr("Show head 1"), this);
  first_head_->setObjectName("Show head 1");
  first_head_->hide();
  top->addWidget(first_head_);
  top->addStretch(1);
  for (const QString& format : {QStringLiteral("PNG"), QStringLiteral("SVG"), QStringLiteral("CSV")}) {
    auto* button = new QPushButton(format, this);
    button->setAccessibleName(tr("Export the query and keys as %1").arg(format));
    button->setToolTip(format == "CSV"
                           ? tr("Every number drawn: the query, each key, their products, scores and weights")
                           : tr("The picture as %1").arg(format));
    connect(button, &QPushButton::clicked, this, [this, format] { exportAs(format); });
    top->addWidget(button);
  }

  message_ = new QLabel(this);
  message_->setObjectName("Query key message");
  message_->setWordWrap(true);
  message_->setTextFormat(Qt::RichText);
  canvas_ = new QueryKeyCanvas(this);
  scroll_ = new QScrollArea(this);
  scroll_->setWidget(canvas_);
  scroll_->setWidgetResizable(false);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(message_);
  layout->addWidget(scroll_, 1);

  connect(query_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { rebuild(); });
  connect(first_head_, &QPushButton::clicked, this, [this] { Q_EMIT headWanted(0); });
  rebuild();
}

void QueryKeyView::setMap(const app::AttentionView& view, Kind kind, int layer, int head) {
  view_ = view;  // implicitly shared: no copy of the weights
  kind_ = kind;
  layer_ = layer;
  head_ = head;
  const QSignalBlocker block(query_);
  const int previous = query_->currentIndex();
  query_->clear();
  const QStringList tokens = view_.isEmpty() ? QStringList() : view_.rowTokens(kind);
  for (int r = 0; r < tokens.size(); ++r)
    query_->addItem(tr("%1: %2").arg(QString::number(r + 1), tokens[r]), r);
  query_->setCurrentIndex(previous >= 0 && previous < query_->count() ? previous : 0);
  rebuild();
}

void QueryKeyView::setQuery(int row) { query_->setCurrentIndex(row); }

int QueryKeyView::query() const { return query_->currentIndex(); }

QStringList QueryKeyView::queryChoices() const {
  QStringList choices;
  for (int i = 0; i < query_->count(); ++i) choices << query_->itemText(i);
  return choices;
}

QString QueryKeyView::message() const { return message_->text(); }

void QueryKeyView::rebuild() {
  has_breakdown_ = false;
  first_head_->setVisible(false);
  QString text;
  if (view_.isEmpty()) {
    text =
        tr("Capture a sentence: each weight of the map chosen above will be taken apart here, its query "
           "against every key.");
  } else if (!view_.hasVectors()) {
    text =
        tr("The timelapse's frames keep the weights alone (a run's probe records have no queries and keys). "
           "Capture the sentence to see how its weights are made.");
  } else if (head_ < 0) {
    text = tr("The mean over heads is not made from one query and one key: choose a head above.");
    first_head_->setVisible(view_.heads > 0);
  } else if (query_->currentIndex() >= 0 && layer_ >= 0) {
    try {
      breakdown_ = app::queryKeyBreakdown(view_, kind_, layer_, head_, query_->currentIndex());
      has_breakdown_ = true;
    } catch (const std::exception& e) {
      text = QString::fromUtf8(e.what()).toHtmlEscaped();
    }
  }
  if (has_breakdown_) {
    int seen = 0;
    for (const auto& key : breakdown_.keys) seen += key.masked ? 0 : 1;
    const int dims = int(breakdown_.query.size());
    text =
        tr("<b>%1</b> (query %2 of %3) in %4, layer %5, head %6. The query q is this position's vector times "
           "the head's learnt query projection, plus its bias; each key k the same with the key projection, "
           "from %7. A key's score is q · k / √%8: the products of the %8 dimensions, summed and scaled. The "
           "weights are the softmax of the scores over the %n key(s) this query may see (masked keys, "
           "hatched, "
           "are left out); recomputed here from the vectors, they match the map's to within %9.%10",
           nullptr, seen)
            .arg(breakdown_.queryToken.toHtmlEscaped(), QString::number(query_->currentIndex() + 1),
                 QString::number(query_->count()), attentionKindName(kind_).toLower(),
                 QString::number(layer_ + 1), QString::number(head_ + 1),
                 kind_ == Kind::Cross ? tr("the encoder's output") : tr("the same layer's positions"),
                 QString::number(dims), QString::number(breakdown_.largestDifference, 'g', 2),
                 kind_ == Kind::EncoderSelf ? QString()
                                            : tr(" (A decoder row is the step that has just read its piece "
                                                 "and predicts the next one.)"));
  }
  message_->setText(text);
  canvas_->setBreakdown(has_breakdown_ ? &breakdown_ : nullptr);
}

void QueryKeyView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  canvas_->setAvailableWidth(scroll_->viewport()->width());
}

bool QueryKeyView::savePng(const QString& path) {
  if (!has_breakdown_) return false;
  QImage image(canvas_->size(), QImage::Format_ARGB32);
  QPainter painter(&image);
  canvas_->paint(painter);
  painter.end();
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") && file.commit();
}

bool QueryKeyView::saveSvg(const QString& path) {
  if (!has_breakdown_) return false;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  QSvgGenerator generator;
  generator.setOutputDevice(&file);
  generator.setSize(canvas_->size());
  generator.setViewBox(QRect(QPoint(0, 0), canvas_->size()));
  generator.setTitle(tr("Query and keys of %1").arg(breakdown_.queryToken));
  QPainter painter;
  if (!painter.begin(&generator)) return false;
  canvas_->paint(painter);
  painter.end();
  return file.commit();
}

bool QueryKeyView::saveCsv(const QString& path) const {
  if (!has_breakdown_) return false;
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly | QIODevice::Text) &&
         file.write(app::queryKeyCsv(breakdown_).toUtf8()) >= 0 && file.commit();
}

void QueryKeyView::exportAs(const QString& format) {
  if (!has_breakdown_) {
    Q_EMIT errorOccurred(tr("Nothing to export: capture a sentence and choose a head."));
    return;
  }
  const QString suffix = format.toLower();
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export as %1").arg(format), "query-key." + suffix, tr("%1 files (*.%2)").arg(format, suffix));
  if (path.isEmpty()) return;
  const bool ok = format == "PNG" ? savePng(path) : format == "SVG" ? saveSvg(path) : saveCsv(path);
  if (!ok) Q_EMIT errorOccurred(tr("Cannot write '%1'.").arg(path));
}

}  // namespace studio::ui
