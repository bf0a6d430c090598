#include "ui/MainWindow.h"

#include <QLabel>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "ui/QCustomPlot.h"

namespace studio::ui {

MainWindow::MainWindow(const app::EngineInfo& engine, QWidget* parent)
    : QMainWindow(parent), engine_(engine) {
  setWindowTitle(tr("Attention Studio"));
  resize(1100, 720);

  auto* tabs = new QTabWidget(this);
  tabs->setAccessibleName(tr("Workspaces"));
  tabs->addTab(makeTrainingPage(), tr("Training"));
  tabs->addTab(makePlaceholderPage(tr("Translate: type Vietnamese, get English with per-token "
                                      "probabilities, beam search and n-best lists.\n"
                                      "Not implemented yet.")),
               tr("Translate"));
  tabs->addTab(makePlaceholderPage(tr("Attention explorer: encoder self-, decoder self- and "
                                      "cross-attention for every layer and head.\n"
                                      "Not implemented yet.")),
               tr("Attention"));
  setCentralWidget(tabs);

  const QString device = engine_.cudaAvailable
                             ? tr("CUDA, %n GPU(s)", nullptr, engine_.cudaDevices)
                             : tr("CPU, %1 threads").arg(engine_.threads);
  statusBar()->showMessage(tr("LibTorch %1 · %2").arg(engine_.torchVersion, device));
}

QWidget* MainWindow::makeTrainingPage() {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  auto* plot = new QCustomPlot(page);
  plot->setAccessibleName(tr("Training loss chart"));
  plot->xAxis->setLabel(tr("step"));
  plot->yAxis->setLabel(tr("loss"));
  plot->setMinimumHeight(300);
  layout->addWidget(plot, 1);
  auto* info = new QLabel(engine_.summary, page);
  info->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(info);
  auto* note = new QLabel(tr("Training from the desktop is not implemented yet."), page);
  layout->addWidget(note);
  return page;
}

QWidget* MainWindow::makePlaceholderPage(const QString& text) {
  auto* label = new QLabel(text);
  label->setAlignment(Qt::AlignCenter);
  label->setWordWrap(true);
  return label;
}

}  // namespace studio::ui
