#include "ui/window/HelpWindow.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QSignalBlocker>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio::ui {

namespace {

// Screenshots are 1280 pixels wide: drawn at most this wide on a page, and
// side by side in a table's cells at most this wide each.
constexpr int kImageWidth = 760;
constexpr int kImageInTableWidth = 300;

// The page's headings become anchors named as GitHub names them (so that
// "training.md#the-starter-model" lands on its heading), and its pictures are
// fitted to the page. Done whenever a page is loaded, however it was (a link,
// Back, Forward).
class PageBrowser : public QTextBrowser {
 public:
  using QTextBrowser::QTextBrowser;

  void prepareIfLoaded() {
    if (document()->revision() == prepared_revision_ && !document()->isEmpty()) return;
    const QSignalBlocker quiet(document());
    document()->setUndoRedoEnabled(false);
    QHash<QString, int> seen;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
      // A long line of code wraps instead of widening the page (and every paragraph with it).
      if (block.blockFormat().nonBreakableLines()) {
        QTextBlockFormat wrapped = block.blockFormat();
        wrapped.setNonBreakableLines(false);
        QTextCursor(block).setBlockFormat(wrapped);
      }
      if (block.blockFormat().headingLevel() > 0) {
        QString anchor = app::headingAnchor(block.text());
        // A second heading of the same words: "-1", then "-2"…
        if (const int n = seen[anchor]++; n > 0) anchor += "-" + QString::number(n);
        QTextCursor cursor(block);
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        QTextCharFormat format;
        format.setAnchor(true);
        format.setAnchorNames({anchor});
        cursor.mergeCharFormat(format);
      }
      for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QTextFragment fragment = it.fragment();
        if (!fragment.isValid() || !fragment.charFormat().isImageFormat()) continue;
        QTextImageFormat image = fragment.charFormat().toImageFormat();
        const QUrl name(image.name());
        QImage picture = document()->resource(QTextDocument::ImageResource, name).value<QImage>();
        if (picture.isNull()) {
          const QVariant data = loadResource(QTextDocument::ImageResource, name);
          picture = data.typeId() == QMetaType::QImage ? data.value<QImage>()
                                                       : QImage::fromData(data.toByteArray());
          if (picture.isNull()) continue;
          // Scaled here, smoothly, rather than by the painter at each paint.
          if (picture.width() > kImageWidth)
            picture = picture.scaledToWidth(kImageWidth, Qt::SmoothTransformation);
          document()->addResource(QTextDocument::ImageResource, name, picture);
        }
        const int widest = QTextCursor(block).currentTable() ? kImageInTableWidth : kImageWidth;
        if (picture.width() <= widest) continue;
        image.setWidth(widest);
        image.setHeight(double(widest) * picture.height() / picture.width());
        QTextCursor cursor(document());
        cursor.setPosition(fragment.position());
        cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
        cursor.setCharFormat(image);
      }
    }
    prepared_revision_ = document()->revision();
  }

 protected:
  void doSetSource(const QUrl& url, QTextDocument::ResourceType type) override {
    QTextBrowser::doSetSource(url, type);
    prepareIfLoaded();
    if (!url.fragment().isEmpty()) scrollToAnchor(url.fragment());
  }

 private:
  int prepared_revision_ = -1;
};

}  // namespace

HelpWindow::HelpWindow(const QString& help_dir, QWidget* parent)
    : QWidget(parent, Qt::Window), dir_(QDir(help_dir).absolutePath()), pages_(app::helpPages(help_dir)) {
  setObjectName("Help");
  setWindowTitle(tr("Attention Studio help"));

  back_ = new QToolButton(this);
  back_->setText(tr("Back"));
  back_->setObjectName("Back");
  back_->setShortcut(QKeySequence::Back);
  back_->setToolTip(
      tr("The page before (%1)").arg(QKeySequence(QKeySequence::Back).toString(QKeySequence::NativeText)));
  back_->setEnabled(false);
  forward_ = new QToolButton(this);
  forward_->setText(tr("Forward"));
  forward_->setObjectName("Forward");
  forward_->setShortcut(QKeySequence::Forward);
  forward_->setEnabled(false);
  auto* front = new QToolButton(this);
  front->setText(tr("Front page"));
  front->setToolTip(tr("The README: what Attention Studio is, the quick start and the list of pages"));
  page_list_ = new QComboBox(this);
  page_list_->setObjectName("Pages");
  page_list_->setAccessibleName(tr("Help pages"));
  for (const auto& page : pages_) page_list_->addItem(page.title, page.file);

  auto* bar = new QHBoxLayout;
  bar->addWidget(back_);
  bar->addWidget(forward_);
  bar->addWidget(front);
  bar->addSpacing(12);
  bar->addWidget(new QLabel(tr("Page:"), this));
  bar->addWidget(page_list_, 1);

  auto* browser = new PageBrowser(this);
  browser_ = browser;
  browser_->setObjectName("Help page");
  browser_->setOpenLinks(false);  // followLink decides what opens where
  browser_->setSearchPaths({dir_});
  message_ = new QLabel(this);
  message_->setObjectName("Help message");
  message_->setWordWrap(true);
  message_->hide();

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(browser_, 1);
  layout->addWidget(message_);

  connect(browser_, &QTextBrowser::anchorClicked, this, &HelpWindow::followLink);
  connect(browser_, &QTextBrowser::sourceChanged, this, &HelpWindow::onSourceChanged);
  connect(browser_, &QTextBrowser::backwardAvailable, back_, &QWidget::setEnabled);
  connect(browser_, &QTextBrowser::forwardAvailable, forward_, &QWidget::setEnabled);
  connect(back_, &QToolButton::clicked, browser_, &QTextBrowser::backward);
  connect(forward_, &QToolButton::clicked, browser_, &QTextBrowser::forward);
  connect(front, &QToolButton::clicked, this, [this] { showPage(pages_.first().file); });
  connect(page_list_, &QComboBox::activated, this,
          [this](int index) { showPage(page_list_->itemData(index).toString()); });
  resize(980, 760);
}

bool HelpWindow::showPage(const QString& page) {
  const QUrl url = QUrl::fromLocalFile(dir_ + "/").resolved(QUrl(page));
  if (!QFileInfo(url.toLocalFile()).isFile()) {
    say(tr("The help has no page %1.").arg(page));
    return false;
  }
  followLink(url);
  return true;
}

void HelpWindow::followLink(const QUrl& link) {
  const QUrl url = browser_->source().isEmpty() ? link : browser_->source().resolved(link);
  if (url.isLocalFile()) {
    const QFileInfo file(url.toLocalFile());
    if (!file.exists()) {
      say(tr("%1 is not part of the help installed here.").arg(QDir(dir_).relativeFilePath(file.filePath())));
      return;
    }
    if (file.isFile() && file.suffix().compare("md", Qt::CaseInsensitive) == 0) {
      say(QString());
      browser_->setSource(url, QTextDocument::MarkdownResource);
      return;
    }
  }
  // The web, mail, and files that are not pages (the licence, a script): the desktop's programs.
  say(tr("Opened outside the help: %1").arg(url.toDisplayString()));
  Q_EMIT externalLinkRequested(url);
  if (opens_external_) QDesktopServices::openUrl(url);
}

void HelpWindow::onSourceChanged(const QUrl& source) {
  static_cast<PageBrowser*>(browser_)->prepareIfLoaded();  // also after Back and Forward
  const QString file = QDir(dir_).relativeFilePath(source.toLocalFile());
  const QSignalBlocker quiet(page_list_);
  const int index = page_list_->findData(file);
  page_list_->setCurrentIndex(index);
  const QString title = index >= 0 ? page_list_->itemText(index) : file;
  setWindowTitle(tr("%1 — Attention Studio help").arg(title));
}

QString HelpWindow::currentPage() const {
  const QUrl source = browser_->source();
  if (source.isEmpty()) return {};
  QString page = QDir(dir_).relativeFilePath(source.toLocalFile());
  if (source.hasFragment()) page += "#" + source.fragment();
  return page;
}

QString HelpWindow::topLine() const { return browser_->cursorForPosition(QPoint(8, 8)).block().text(); }

QString HelpWindow::message() const { return message_->text(); }

void HelpWindow::say(const QString& text) {
  message_->setText(text);
  message_->setVisible(!text.isEmpty());
}

}  // namespace studio::ui
