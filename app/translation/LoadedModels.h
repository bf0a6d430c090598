#pragma once

#include <memory>
#include <vector>

#include <QDateTime>
#include <QString>
#include <QStringList>

#include "app/translation/TranslationService.h"

namespace studio::model {
class Translator;
struct Glossary;
class Shortlist;
}  // namespace studio::model

namespace studio::app {

// What the translation worker keeps loaded between requests: the model of a
// source (reused while its file is unchanged), that model joined with other
// files as an ensemble, and the glossary and shortlist files the settings
// name (read again when they change). One thread uses it.
class LoadedModels {
 public:
  LoadedModels();
  ~LoadedModels();

  // The source's model, loaded when its file is new or changed; `used` gets
  // the file's path. std::runtime_error says why a source has no model.
  const model::Translator& load(const ModelSource& source, QString* used);
  // The last loaded file's modification time and size, as one string.
  QString loadedStamp() const;

  // `t` (the loaded model) with the `members` files in an ensemble, weighted
  // by `weights` (empty: equal); `key` gets a string that changes when any
  // of the files or the weights do.
  const model::Translator& withEnsemble(const model::Translator& t, const QStringList& members,
                                        const std::vector<double>& weights, QString* key);

  // The glossary at `path` ("" = none) and the stamp of the file read.
  std::shared_ptr<const model::Glossary> glossary(const QString& path);
  QString glossaryStamp() const;
  // The shortlist at `path` ("" = none), checked once against `t`'s
  // vocabulary (std::runtime_error when it does not fit), and its stamp.
  std::shared_ptr<const model::Shortlist> shortlist(const QString& path, const model::Translator& t);
  QString shortlistStamp() const;

 private:
  // A file read again when its time or size changes.
  template <typename T>
  struct CachedFile {
    std::shared_ptr<const T> value;
    QString path, stamp;
  };
  template <typename T, typename Read>
  static std::shared_ptr<const T> get(CachedFile<T>& file, const QString& wanted, const Read& read);

  std::unique_ptr<model::Translator> translator_;
  QString loaded_path_;
  QDateTime loaded_modified_;
  qint64 loaded_size_ = -1;

  std::unique_ptr<model::Translator> ensemble_;
  QString ensemble_key_;
  std::vector<double> ensemble_weights_;

  CachedFile<model::Glossary> glossary_;
  CachedFile<model::Shortlist> shortlist_;
  QString shortlist_checked_;  // the model and list last found to fit
};

}  // namespace studio::app
