#pragma once

#include <functional>

#include <QMainWindow>
#include <QPointer>
#include <QStringList>

#include "app/EngineInfo.h"
#include "app/translation/TranslationService.h"

class QMenu;
class QTabWidget;

namespace studio::ui {

class AttentionWorkspace;
class HelpWindow;
class TrainingWorkspace;
class TranslateWorkspace;

// The main window: the Training, Translate and Attention workspaces as
// tabs, the File and Help menus, and the preferences and window layout kept
// with QSettings.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(const app::EngineInfo& engine, QWidget* parent = nullptr);
  ~MainWindow() override;

  TrainingWorkspace* training() const { return training_; }
  TranslateWorkspace* translate() const { return translate_; }
  AttentionWorkspace* attention() const { return attention_; }
  QTabWidget* tabs() const { return tabs_; }

  // Opens a run folder (its history in Training, its latest checkpoint in
  // Translate) or a model file (in Translate). Returns false and reports
  // when it is neither.
  bool openPath(const QString& path);
  QStringList recentFiles() const { return recent_; }
  // Opens the help window on `page` ("docs/user-guide.md", with an optional
  // "#heading"); nullptr, with the places looked in reported, when the help
  // pages are not found, or the page is not one of them.
  HelpWindow* showHelp(const QString& page);
  HelpWindow* helpWindow() const;
  // Whether a translation or attention capture is waiting or running.
  // Translating, capturing, or measuring this computer's speed (first run).
  bool isBusy() const;
  // How a restart starts the new process (QProcess::startDetached of this
  // program by default); tests put their own in its place.
  void setRestartStarterForTesting(std::function<bool()> starter) { restart_starter_ = std::move(starter); }

 public Q_SLOTS:
  // The one place errors reach the user.
  void showError(const QString& message);
  void showAbout();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  // Shows Translate, or Attention exploring its sentence (else the timelapse's probe) with Translate's model.
  void goToModel(bool attention);
  void buildMenus();
  void addRecent(const QString& path);
  void fillRecentMenu();
  void restoreSettings();
  void saveSettings() const;
  // After a new interface language is chosen: asks whether to restart now
  // (the language is read at start), unless training or other work runs.
  void offerRestart();
  // Saves the settings, starts this program again and closes this window.
  void restart();

  app::EngineInfo engine_;
  app::TranslationService service_;
  QTabWidget* tabs_;
  TrainingWorkspace* training_;
  TranslateWorkspace* translate_;
  AttentionWorkspace* attention_;
  QMenu* recent_menu_ = nullptr;
  QPointer<HelpWindow> help_;
  QStringList recent_;
  std::function<bool()> restart_starter_;
};

}  // namespace studio::ui
