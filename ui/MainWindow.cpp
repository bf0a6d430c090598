#include "ui/MainWindow.h"

#include <QCloseEvent>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

#include "ui/TrainingWorkspace.h"

namespace studio::ui {

MainWindow::MainWindow(const app::EngineInfo& engine, QWidget* parent)
    : QMainWindow(parent), engine_(engine), training_(new TrainingWorkspace(this)) {
  setWindowTitle(tr("Attention Studio"));
  resize(1280, 800);

  auto* tabs = new QTabWidget(this);
  tabs->setAccessibleName(tr("Workspaces"));
  tabs->addTab(training_, tr("Training"));
  tabs->addTab(makePlaceholderPage(tr("Translate: type Vietnamese, get English with per-token "
                                      "probabilities, beam search and n-best lists.\n"
                                      "Not in the desktop app yet: use attention-studio-cli translate.")),
               tr("Translate"));
  tabs->addTab(makePlaceholderPage(tr("Attention explorer: encoder self-, decoder self- and "
                                      "cross-attention for every layer and head.\n"
                                      "Not in the desktop app yet: attention-studio-cli attention prints them as JSON.")),
               tr("Attention"));
  setCentralWidget(tabs);
  connect(training_, &TrainingWorkspace::errorOccurred, this, &MainWindow::showError);

  const QString device = engine_.cudaAvailable
                             ? tr("CUDA, %n GPU(s)", nullptr, engine_.cudaDevices)
                             : tr("CPU, %1 threads").arg(engine_.threads);
  statusBar()->showMessage(tr("LibTorch %1 · %2").arg(engine_.torchVersion, device));
}

void MainWindow::showError(const QString& message) {
  statusBar()->showMessage(message, 10000);
  if (isVisible()) QMessageBox::warning(this, tr("Attention Studio"), message);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (training_->isTraining()) {
    const auto answer = QMessageBox::question(
        this, tr("Training is running"),
        tr("Stop training? The current step finishes and a checkpoint is written; Resume continues later."));
    if (answer != QMessageBox::Yes) {
      event->ignore();
      return;
    }
    training_->stopAndWait();
  }
  event->accept();
}

QWidget* MainWindow::makePlaceholderPage(const QString& text) {
  auto* label = new QLabel(text);
  label->setAlignment(Qt::AlignCenter);
  label->setWordWrap(true);
  return label;
}

}  // namespace studio::ui
