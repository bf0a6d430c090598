// The help window: the README and docs/ found and listed, Markdown drawn
// with its pictures fitted, links between pages followed to the heading they
// name (every such link in the docs), Back and Forward, links out of the help
// handed to the desktop, and the Help menu of the main window.

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"

#include "app/EngineInfo.h"
#include "app/HelpPages.h"
#include "ui/window/HelpWindow.h"
#include "ui/window/MainWindow.h"

using namespace studio;

namespace {

// The anchors a drawn page holds (its headings', as the help window names them).
QSet<QString> anchorsIn(const QTextDocument& document) {
  QSet<QString> names;
  for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
    for (auto it = block.begin(); !it.atEnd(); ++it)
      for (const QString& name : it.fragment().charFormat().anchorNames()) names.insert(name);
  return names;
}

// The links a drawn page holds.
QStringList linksIn(const QTextDocument& document) {
  QStringList links;
  for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
    for (auto it = block.begin(); !it.atEnd(); ++it)
      if (const QString href = it.fragment().charFormat().anchorHref(); !href.isEmpty()) links << href;
  return links;
}

}  // namespace

class TestHelp : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    dir_ = app::helpDir();
    QVERIFY2(!dir_.isEmpty(), "the help pages (README.md and docs/) are not found");
  }

  void theReadmesTableListsThePages() {
    const auto pages = app::helpPages(dir_);
    QCOMPARE(pages.first().file, QString("README.md"));
    // Every page of docs/ is in the README's table, in its order.
    const QStringList docs = QDir(dir_ + "/docs").entryList({"*.md"}, QDir::Files);
    QCOMPARE(pages.size(), docs.size() + 1);
    QCOMPARE(pages[1].file, QString("docs/user-guide.md"));
    QCOMPARE(pages[1].title, QString("User guide"));
    QCOMPARE(pages.last().file, QString("docs/status.md"));
    // A README without the table: itself alone.
    QTemporaryDir tmp;
    QFile readme(tmp.filePath("README.md"));
    QVERIFY(readme.open(QIODevice::WriteOnly));
    readme.write("# Notes\n\n| [Guide](docs/guide.md) | not under Documentation |\n");
    readme.close();
    QCOMPARE(app::helpPages(tmp.path()).size(), 1);
    // $STUDIO_HELP_DIR is looked in first; a folder without docs/ is passed over.
    qputenv("STUDIO_HELP_DIR", tmp.path().toUtf8());
    QStringList looked;
    QCOMPARE(app::helpDir(&looked), dir_);
    QCOMPARE(looked.first(), tmp.path());
    QVERIFY(QDir(tmp.path()).mkdir("docs"));
    QCOMPARE(app::helpDir(), QDir(tmp.path()).absolutePath());
    qunsetenv("STUDIO_HELP_DIR");
  }

  void headingsAreAnchoredAsGitHubDoes() {
    QCOMPARE(app::headingAnchor("Serving translations over HTTP"), QString("serving-translations-over-http"));
    QCOMPARE(app::headingAnchor(" bf16 on a CPU with AMX "), QString("bf16-on-a-cpu-with-amx"));
    QCOMPARE(app::headingAnchor("A smaller student (distillation)"),
             QString("a-smaller-student-distillation"));
    QCOMPARE(app::headingAnchor("What's kept: ids_train, and “more”"),
             QString("whats-kept-ids_train-and-more"));
  }

  void aPageIsDrawnWithItsPicturesFitted() {
    ui::HelpWindow help(dir_);
    help.show();
    QVERIFY(help.showPage("docs/user-guide.md"));
    QCOMPARE(help.currentPage(), QString("docs/user-guide.md"));
    QVERIFY2(help.windowTitle().startsWith("User guide"), qPrintable(help.windowTitle()));
    QCOMPARE(help.findChild<QComboBox*>("Pages")->currentText(), QString("User guide"));
    const QTextDocument* page = help.browser()->document();
    // Its first heading, drawn as one.
    QFile source(dir_ + "/docs/user-guide.md");
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QString first_line = QString::fromUtf8(source.readLine()).trimmed();
    QVERIFY(first_line.startsWith("# "));
    QCOMPARE(page->begin().text(), first_line.mid(2));
    QVERIFY(page->begin().blockFormat().headingLevel() == 1);
    // Its screenshots are loaded and drawn at most 760 pixels wide (they are 1280).
    int pictures = 0;
    for (QTextBlock block = page->begin(); block.isValid(); block = block.next())
      for (auto it = block.begin(); !it.atEnd(); ++it) {
        if (!it.fragment().charFormat().isImageFormat()) continue;
        const auto image = it.fragment().charFormat().toImageFormat();
        const QImage loaded =
            page->resource(QTextDocument::ImageResource, QUrl(image.name())).value<QImage>();
        QVERIFY2(!loaded.isNull(), qPrintable(image.name()));
        QVERIFY2(loaded.width() <= 760 || (image.width() > 0 && image.width() <= 760),
                 qPrintable(image.name()));
        ++pictures;
      }
    QVERIFY(pictures >= 10);
    // The README's three screenshots side by side in a table: narrower still.
    QVERIFY(help.showPage("README.md"));
    bool in_table = false;
    for (QTextBlock block = help.browser()->document()->begin(); block.isValid(); block = block.next())
      for (auto it = block.begin(); !it.atEnd(); ++it)
        if (it.fragment().charFormat().isImageFormat() && QTextCursor(block).currentTable()) {
          in_table = true;
          QCOMPARE(it.fragment().charFormat().toImageFormat().width(), 300.0);
        }
    QVERIFY(in_table);
    QVERIFY(!help.showPage("docs/no-such-page.md"));
    QVERIFY2(help.message().contains("docs/no-such-page.md"), qPrintable(help.message()));
    QCOMPARE(help.currentPage(), QString("README.md"));
  }

  void linksLeadToTheirHeadingsAndBack() {
    ui::HelpWindow help(dir_);
    help.setOpensExternalLinks(false);
    help.resize(900, 700);
    help.show();
    QVERIFY(help.showPage("docs/user-guide.md"));
    // A link to another page's heading: the page, scrolled to it.
    help.followLink(QUrl("cli.md#serving-translations-over-http"));
    QCOMPARE(help.currentPage(), QString("docs/cli.md#serving-translations-over-http"));
    QTRY_COMPARE(help.topLine(), QString("Serving translations over HTTP"));
    // On the same page.
    help.followLink(QUrl("#word-alignment"));
    QCOMPARE(help.currentPage(), QString("docs/cli.md#word-alignment"));
    QTRY_COMPARE(help.topLine(), QString("Word alignment"));
    // Back and Forward.
    auto* back = help.findChild<QToolButton*>("Back");
    QVERIFY(back->isEnabled());
    back->click();
    back->click();
    QCOMPARE(help.currentPage(), QString("docs/user-guide.md"));
    help.findChild<QToolButton*>("Forward")->click();
    QCOMPARE(help.currentPage().section('#', 0, 0), QString("docs/cli.md"));
    // The page list.
    auto* pages = help.findChild<QComboBox*>("Pages");
    const int status = pages->findText("Status");
    QVERIFY(status > 0);
    pages->setCurrentIndex(status);
    Q_EMIT pages->activated(status);
    QCOMPARE(help.currentPage(), QString("docs/status.md"));

    // Out of the help: the web, and files that are not pages, go to the desktop; what is not there is said.
    QSignalSpy outside(&help, &ui::HelpWindow::externalLinkRequested);
    help.followLink(QUrl("https://www.sacrebleu.example/"));
    QCOMPARE(outside.count(), 1);
    help.followLink(QUrl("../LICENSE"));
    QCOMPARE(outside.count(), 2);
    QCOMPARE(outside.last().first().toUrl(), QUrl::fromLocalFile(dir_ + "/LICENSE"));
    help.followLink(QUrl("../scripts/not-there"));
    QCOMPARE(outside.count(), 2);
    QVERIFY2(help.message().contains("scripts/not-there is not part of the help"),
             qPrintable(help.message()));
    QCOMPARE(help.currentPage(), QString("docs/status.md"));
  }

  // Every link from a page to a heading, on it or another page, lands on an anchor the window made.
  void everyLinkToAHeadingLands() {
    ui::HelpWindow help(dir_);
    help.setOpensExternalLinks(false);
    QHash<QString, QSet<QString>> anchors;  // each page's, as drawn
    QHash<QString, QStringList> links;
    for (const auto& page : help.pages()) {
      QVERIFY(help.showPage(page.file));
      anchors[page.file] = anchorsIn(*help.browser()->document());
      links[page.file] = linksIn(*help.browser()->document());
    }
    int checked = 0;
    for (auto it = links.cbegin(); it != links.cend(); ++it)
      for (const QString& link : it.value()) {
        const QUrl url(link);
        if (!url.hasFragment() || !url.scheme().isEmpty()) continue;
        const QString target =
            url.path().isEmpty() ? it.key() : QDir::cleanPath(QFileInfo(it.key()).path() + "/" + url.path());
        if (!target.endsWith(".md")) continue;
        QVERIFY2(anchors.contains(target),
                 qPrintable(it.key() + " links to " + link + ", not a page of the help"));
        QVERIFY2(anchors[target].contains(url.fragment()),
                 qPrintable(it.key() + " links to " + link + ", a heading " + target + " does not have"));
        ++checked;
      }
    QVERIFY2(checked >= 50, qPrintable(QString::number(checked)));
  }

  void theHelpMenuOpensIt() {
    ui::MainWindow window(app::engineInfo());
    window.show();
    QAction* guide = nullptr;
    for (QAction* action : window.menuBar()->findChildren<QAction*>())
      if (action->objectName() == "User guide") guide = action;
    QVERIFY(guide);
    QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
    guide->trigger();
    auto* help = window.helpWindow();
    QVERIFY(help && help->isVisible());
    QCOMPARE(help->currentPage(), QString("docs/user-guide.md"));
    QVERIFY(window.showHelp("README.md#quick-start") == help);  // the same window, on the page asked
    QCOMPARE(help->currentPage(), QString("README.md#quick-start"));
    window.hide();  // an error over a shown window is a message box too
    QVERIFY(!window.showHelp("docs/nothing.md"));
    QVERIFY2(window.statusBar()->currentMessage().contains("docs/nothing.md"),
             qPrintable(window.statusBar()->currentMessage()));
  }

 private:
  QString dir_;
};

STUDIO_TEST_MAIN_APP(TestHelp, QApplication)
#include "tst_help.moc"
