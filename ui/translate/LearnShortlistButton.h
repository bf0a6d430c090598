#pragma once

#include <QPushButton>

#include <functional>

#include "app/translation/ShortlistSession.h"

namespace studio::ui {

// "Learn": a vocabulary shortlist for the model a provider names, learnt
// from its run's training data on a worker thread (app::ShortlistSession),
// beside the shortlist fields of Translate and "Make it small and fast". The
// button says how far it is while it learns.
class LearnShortlistButton : public QPushButton {
  Q_OBJECT

 public:
  explicit LearnShortlistButton(QWidget* parent = nullptr);

  void setModelProvider(std::function<app::ModelSource()> provider) { model_ = std::move(provider); }
  bool isLearning() const { return session_.isRunning(); }

 public Q_SLOTS:
  void learn();

 Q_SIGNALS:
  void learned(const studio::app::LearnedShortlist& shortlist);
  void failed(const QString& message);

 private:
  void done();

  app::ShortlistSession session_;
  std::function<app::ModelSource()> model_;
};

}  // namespace studio::ui
