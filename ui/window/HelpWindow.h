#pragma once

#include <QList>
#include <QString>
#include <QUrl>
#include <QWidget>

#include "app/HelpPages.h"

class QComboBox;
class QLabel;
class QTextBrowser;
class QToolButton;

// The help window: the README and the pages of docs/ as the app's own
// guide, Markdown drawn with its tables and screenshots, links between pages
// followed (to the heading a link names), back and forward, and the pages
// listed. Links out of the help (the web, files it does not hold) go to the
// desktop's programs.
namespace studio::ui {

class HelpWindow : public QWidget {
  Q_OBJECT

 public:
  // `help_dir`: app::helpDir(), holding README.md and docs/.
  explicit HelpWindow(const QString& help_dir, QWidget* parent = nullptr);

  // Shows `page` ("docs/cli.md", "docs/training.md#the-starter-model"),
  // relative to the help folder; false (nothing changed, the reason under
  // the page) when the help has no such page.
  bool showPage(const QString& page);
  // The page shown, relative to the help folder, with the heading its link
  // named ("docs/cli.md#serving-translations-over-http").
  QString currentPage() const;
  // Follows a link as a click on it would (relative to the page shown).
  void followLink(const QUrl& link);
  // Off: links out of the help are only signalled (the suites).
  void setOpensExternalLinks(bool open) { opens_external_ = open; }

  QTextBrowser* browser() const { return browser_; }
  QList<app::HelpPage> pages() const { return pages_; }
  // The first line of the page in view, and what the window last said
  // under it ("" when all is well).
  QString topLine() const;
  QString message() const;

 Q_SIGNALS:
  void externalLinkRequested(const QUrl& link);

 private:
  void onSourceChanged(const QUrl& source);
  void scrollToHeading(const QString& anchor);
  void say(const QString& text);

  QString dir_;
  QList<app::HelpPage> pages_;
  QTextBrowser* browser_ = nullptr;
  QComboBox* page_list_ = nullptr;
  QToolButton* back_ = nullptr;
  QToolButton* forward_ = nullptr;
  QLabel* message_ = nullptr;
  QString loaded_file_;  // the page whose images were fitted
  bool opens_external_ = true;
};

}  // namespace studio::ui
